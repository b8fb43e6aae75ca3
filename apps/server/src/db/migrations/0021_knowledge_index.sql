CREATE TABLE "knowledge_index_log" (
	"kb_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "knowledge_index_log_kb_id_document_id_pk" PRIMARY KEY("kb_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "index_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "index_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_index_log" ADD CONSTRAINT "knowledge_index_log_kb_id_knowledge_bases_id_fk" FOREIGN KEY ("kb_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_index_log_version_idx" ON "knowledge_index_log" USING btree ("kb_id","version");