ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "files_group_sha256_idx" ON "files" USING btree ("group_id","sha256");