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
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_record_id_chat_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."chat_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_corrections" ADD CONSTRAINT "chat_corrections_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_robot_settings" ADD CONSTRAINT "teacher_robot_settings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_corrections_record_key" ON "chat_corrections" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "chat_corrections_robot_idx" ON "chat_corrections" USING btree ("robot_id","group_id");