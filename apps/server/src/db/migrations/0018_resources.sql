CREATE TABLE "published_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_id" integer NOT NULL,
	"title" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"licence" text NOT NULL,
	"scope" text NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"view_num" integer DEFAULT 0 NOT NULL,
	"copy_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_contents_kind_check" CHECK ("published_contents"."kind" in ('course', 'knowledge', 'intent')),
	CONSTRAINT "published_contents_scope_check" CHECK ("published_contents"."scope" in ('platform', 'org')),
	CONSTRAINT "published_contents_status_check" CHECK ("published_contents"."status" in (-2, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "solution_installs" (
	"id" serial PRIMARY KEY NOT NULL,
	"solution_id" integer,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"robot_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"knowledge_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"intent_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"course_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"install_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "published_contents" ADD CONSTRAINT "published_contents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_contents" ADD CONSTRAINT "published_contents_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_contents" ADD CONSTRAINT "published_contents_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_installs" ADD CONSTRAINT "solution_installs_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_installs" ADD CONSTRAINT "solution_installs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_installs" ADD CONSTRAINT "solution_installs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "published_contents_content_uq" ON "published_contents" USING btree ("kind","content_id");--> statement-breakpoint
CREATE INDEX "published_contents_listing_idx" ON "published_contents" USING btree ("status","scope","group_id");--> statement-breakpoint
CREATE INDEX "solution_installs_group_idx" ON "solution_installs" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "solutions_group_idx" ON "solutions" USING btree ("group_id","id");