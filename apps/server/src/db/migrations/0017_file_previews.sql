CREATE TABLE "file_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pdf_key" text,
	"error" text DEFAULT '' NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_previews_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "file_previews" ADD CONSTRAINT "file_previews_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_previews" ADD CONSTRAINT "file_previews_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_previews_group_idx" ON "file_previews" USING btree ("group_id");