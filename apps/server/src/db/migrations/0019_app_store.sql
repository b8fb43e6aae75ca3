CREATE TABLE "store_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"developer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"robot_id" integer,
	"solution_id" integer,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_apps_kind_check" CHECK ("store_apps"."kind" in ('robot', 'solution')),
	CONSTRAINT "store_apps_status_check" CHECK ("store_apps"."status" in (-2, 0, 2, 3)),
	CONSTRAINT "store_apps_price_check" CHECK ("store_apps"."price_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app_installations" ADD COLUMN "store_app_id" integer;--> statement-breakpoint
ALTER TABLE "app_installations" ADD COLUMN "robot_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_installations" ADD COLUMN "uninstalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_apps" ADD CONSTRAINT "store_apps_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_apps" ADD CONSTRAINT "store_apps_developer_id_users_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_apps" ADD CONSTRAINT "store_apps_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_apps" ADD CONSTRAINT "store_apps_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_apps" ADD CONSTRAINT "store_apps_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_apps_group_idx" ON "store_apps" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "store_apps_status_idx" ON "store_apps" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "app_installations" ADD CONSTRAINT "app_installations_store_app_id_store_apps_id_fk" FOREIGN KEY ("store_app_id") REFERENCES "public"."store_apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_installations_store_app_idx" ON "app_installations" USING btree ("store_app_id");