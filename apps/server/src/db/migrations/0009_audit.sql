CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"actor_id" integer NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_group_idx" ON "audit_logs" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id");