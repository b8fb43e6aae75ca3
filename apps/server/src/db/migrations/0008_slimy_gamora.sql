CREATE TABLE "team_question_days" (
	"robot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"day" text NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_question_days_robot_id_user_id_day_pk" PRIMARY KEY("robot_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "daily_quota" integer;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_days" ADD CONSTRAINT "team_question_days_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_daily_quota_check" CHECK ("team_members"."daily_quota" > 0);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_daily_quota_check" CHECK ("teams"."daily_quota" > 0);