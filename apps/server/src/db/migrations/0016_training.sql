CREATE TABLE "training_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"scenario_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text DEFAULT 'train' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"turns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"debrief" jsonb,
	"debrief_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_attempts_mode_check" CHECK ("training_attempts"."mode" in ('train', 'talk')),
	CONSTRAINT "training_attempts_status_check" CHECK ("training_attempts"."status" in ('active', 'unscored', 'done'))
);
--> statement-breakpoint
CREATE TABLE "training_scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"role" text NOT NULL,
	"goal" text NOT NULL,
	"rubric" jsonb NOT NULL,
	"rounds" integer DEFAULT 3 NOT NULL,
	"opening" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_scenarios_status_check" CHECK ("training_scenarios"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_scenario_id_training_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."training_scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_scenarios" ADD CONSTRAINT "training_scenarios_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_scenarios" ADD CONSTRAINT "training_scenarios_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_scenarios" ADD CONSTRAINT "training_scenarios_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_attempts_scenario_user_idx" ON "training_attempts" USING btree ("scenario_id","user_id");--> statement-breakpoint
CREATE INDEX "training_scenarios_group_idx" ON "training_scenarios" USING btree ("group_id","status");