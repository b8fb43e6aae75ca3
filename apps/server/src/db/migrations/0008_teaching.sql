CREATE TABLE "chat_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"question" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_robot_settings" (
	"robot_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"tutoring_mode" text DEFAULT 'direct' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_robot_settings_robot_id_teacher_id_pk" PRIMARY KEY("robot_id","teacher_id"),
	CONSTRAINT "teacher_robot_settings_mode_check" CHECK ("teacher_robot_settings"."tutoring_mode" in ('direct', 'guide', 'cite'))
);
--> statement-breakpoint
CREATE TABLE "course_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"robot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "course_progress_user_id_node_id_pk" PRIMARY KEY("user_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "course_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_unlocks" (
	"team_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"unlocked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_unlocks_team_id_node_id_pk" PRIMARY KEY("team_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "marking_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"rubric" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marking_assignments_status_check" CHECK ("marking_assignments"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "marking_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"draft_error" text DEFAULT '' NOT NULL,
	"ai_scores" jsonb,
	"ai_comment" text DEFAULT '' NOT NULL,
	"scores" jsonb,
	"comment" text,
	"late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft_started_at" timestamp with time zone,
	"drafted_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "marking_submissions_status_check" CHECK ("marking_submissions"."status" in ('submitted', 'drafting', 'drafted', 'failed', 'released'))
);
--> statement-breakpoint
CREATE TABLE "safety_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"session_id" integer,
	"record_id" integer,
	"student_id" integer NOT NULL,
	"team_id" integer,
	"source" text NOT NULL,
	"word" text NOT NULL,
	"matched" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"origin" text DEFAULT 'list' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_alerts_source_check" CHECK ("safety_alerts"."source" in ('question', 'answer')),
	CONSTRAINT "safety_alerts_status_check" CHECK ("safety_alerts"."status" in ('open', 'handled'))
);
--> statement-breakpoint
CREATE TABLE "safety_alert_optins" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_alert_optins_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_question_days" (
	"robot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"day" text NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_question_days_robot_id_user_id_day_pk" PRIMARY KEY("robot_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "sensitive_words" DROP CONSTRAINT "sensitive_words_word_unique";--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "category" text DEFAULT '其他' NOT NULL;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "severity" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_record_id_chat_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."chat_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_nodes" ADD CONSTRAINT "course_nodes_plan_id_course_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."course_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_nodes" ADD CONSTRAINT "course_nodes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plans" ADD CONSTRAINT "course_plans_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plans" ADD CONSTRAINT "course_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plans" ADD CONSTRAINT "course_plans_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_node_id_course_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."course_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_plan_id_course_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."course_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_publications" ADD CONSTRAINT "course_publications_plan_id_course_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."course_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_publications" ADD CONSTRAINT "course_publications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_publications" ADD CONSTRAINT "course_publications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_publications" ADD CONSTRAINT "course_publications_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_publications" ADD CONSTRAINT "course_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlocks" ADD CONSTRAINT "course_unlocks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlocks" ADD CONSTRAINT "course_unlocks_node_id_course_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."course_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlocks" ADD CONSTRAINT "course_unlocks_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_assignment_id_marking_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."marking_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_record_id_chat_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."chat_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert_optins" ADD CONSTRAINT "safety_alert_optins_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert_optins" ADD CONSTRAINT "safety_alert_optins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_corrections_record_key" ON "chat_corrections" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "chat_corrections_robot_idx" ON "chat_corrections" USING btree ("robot_id","group_id");--> statement-breakpoint
CREATE INDEX "course_nodes_plan_idx" ON "course_nodes" USING btree ("plan_id","pid","sort");--> statement-breakpoint
CREATE INDEX "course_plans_group_idx" ON "course_plans" USING btree ("group_id","owner_id");--> statement-breakpoint
CREATE INDEX "course_progress_plan_team_idx" ON "course_progress" USING btree ("plan_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_publications_plan_team_key" ON "course_publications" USING btree ("plan_id","team_id");--> statement-breakpoint
CREATE INDEX "course_publications_team_idx" ON "course_publications" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "marking_assignments_team_idx" ON "marking_assignments" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marking_submissions_assignment_student_key" ON "marking_submissions" USING btree ("assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "marking_submissions_student_idx" ON "marking_submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "safety_alerts_group_idx" ON "safety_alerts" USING btree ("group_id","status","id");--> statement-breakpoint
CREATE INDEX "safety_alerts_team_idx" ON "safety_alerts" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_platform_word" ON "sensitive_words" USING btree ("word") WHERE "sensitive_words"."group_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_group_word" ON "sensitive_words" USING btree ("group_id","word") WHERE "sensitive_words"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_category_check" CHECK ("sensitive_words"."category" in ('暴力', '自伤', '色情', '欺凌', '违法', '其他'));--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_severity_check" CHECK ("sensitive_words"."severity" in ('standard', 'high'));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_daily_quota_check" CHECK ("team_members"."daily_quota" > 0);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_daily_quota_check" CHECK ("teams"."daily_quota" > 0);