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
ALTER TABLE "sensitive_words" DROP CONSTRAINT "sensitive_words_word_unique";--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "category" text DEFAULT '其他' NOT NULL;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD COLUMN "severity" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_record_id_chat_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."chat_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alerts" ADD CONSTRAINT "safety_alerts_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert_optins" ADD CONSTRAINT "safety_alert_optins_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_alert_optins" ADD CONSTRAINT "safety_alert_optins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_alerts_group_idx" ON "safety_alerts" USING btree ("group_id","status","id");--> statement-breakpoint
CREATE INDEX "safety_alerts_team_idx" ON "safety_alerts" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_platform_word" ON "sensitive_words" USING btree ("word") WHERE "sensitive_words"."group_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_group_word" ON "sensitive_words" USING btree ("group_id","word") WHERE "sensitive_words"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_category_check" CHECK ("sensitive_words"."category" in ('暴力', '自伤', '色情', '欺凌', '违法', '其他'));--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_severity_check" CHECK ("sensitive_words"."severity" in ('standard', 'high'));