CREATE TABLE "voice_clips" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"voice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_record_id_chat_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."chat_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_clips_group_idx" ON "voice_clips" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "voice_clips_file_key_idx" ON "voice_clips" USING btree ("file_key");