CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "industries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "robot_members" (
	"robot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_members_robot_id_user_id_pk" PRIMARY KEY("robot_id","user_id"),
	CONSTRAINT "robot_members_role_check" CHECK ("robot_members"."role" in ('creator', 'cooperator', 'teacher', 'user'))
);
--> statement-breakpoint
CREATE TABLE "robot_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"robot_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"target" text NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"applicant_id" integer NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "robot_releases_target_check" CHECK ("robot_releases"."target" in ('square', 'template')),
	CONSTRAINT "robot_releases_status_check" CHECK ("robot_releases"."status" in (-2, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "robot_used" (
	"user_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"is_talk" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_used_user_id_robot_id_pk" PRIMARY KEY("user_id","robot_id")
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"msg" text DEFAULT '' NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scene_id" integer NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"source_robot_id" integer,
	"code" text NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"online_status" boolean DEFAULT true NOT NULL,
	"is_close" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"is_public" smallint DEFAULT 0 NOT NULL,
	"copy_num" integer DEFAULT 0 NOT NULL,
	"view_num" integer DEFAULT 0 NOT NULL,
	"extra" jsonb DEFAULT '{"cover_url":"","introduce":"","use_type":[1]}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{"onboarding_info":{"prologue":"","suggested_questions":[],"suggested_questions_show_mode":0}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robots_code_unique" UNIQUE("code"),
	CONSTRAINT "robots_is_public_check" CHECK ("robots"."is_public" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scenes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"robot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"role" text DEFAULT 'student' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_robot_id_user_id_pk" PRIMARY KEY("robot_id","user_id"),
	CONSTRAINT "team_members_role_check" CHECK ("team_members"."role" in ('teacher', 'student'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"robot_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"team_size" integer DEFAULT 200 NOT NULL,
	"team_category_id" smallint DEFAULT 0 NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_code_unique" UNIQUE("code"),
	CONSTRAINT "teams_team_size_check" CHECK ("teams"."team_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "robot_members" ADD CONSTRAINT "robot_members_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_members" ADD CONSTRAINT "robot_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_releases" ADD CONSTRAINT "robot_releases_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_releases" ADD CONSTRAINT "robot_releases_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_releases" ADD CONSTRAINT "robot_releases_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_releases" ADD CONSTRAINT "robot_releases_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_used" ADD CONSTRAINT "robot_used_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_used" ADD CONSTRAINT "robot_used_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_used" ADD CONSTRAINT "robot_used_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_source_robot_id_robots_id_fk" FOREIGN KEY ("source_robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_members_user_idx" ON "robot_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "robot_releases_status_idx" ON "robot_releases" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "robot_releases_one_pending" ON "robot_releases" USING btree ("robot_id","target") WHERE "robot_releases"."status" = 2;--> statement-breakpoint
CREATE INDEX "robot_used_recent_idx" ON "robot_used" USING btree ("user_id","group_id","used_at");--> statement-breakpoint
CREATE INDEX "robots_group_idx" ON "robots" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "robots_square_idx" ON "robots" USING btree ("is_public","is_template");--> statement-breakpoint
CREATE INDEX "team_members_team_idx" ON "team_members" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_robot_title_key" ON "teams" USING btree ("robot_id","title");--> statement-breakpoint
CREATE INDEX "teams_owner_idx" ON "teams" USING btree ("owner_id");