CREATE TABLE "multipart_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"scene" text NOT NULL,
	"key" text NOT NULL,
	"upload_id" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "multipart_uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD CONSTRAINT "multipart_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multipart_uploads_owner_idx" ON "multipart_uploads" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "files_group_sha256_idx" ON "files" USING btree ("group_id","sha256");