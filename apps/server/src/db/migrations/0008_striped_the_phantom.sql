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
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_assignments" ADD CONSTRAINT "marking_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_assignment_id_marking_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."marking_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_submissions" ADD CONSTRAINT "marking_submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marking_assignments_team_idx" ON "marking_assignments" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marking_submissions_assignment_student_key" ON "marking_submissions" USING btree ("assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "marking_submissions_student_idx" ON "marking_submissions" USING btree ("student_id");