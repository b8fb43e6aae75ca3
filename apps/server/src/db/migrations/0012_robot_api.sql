CREATE TABLE "robot_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_minute" integer NOT NULL,
	"per_day" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"service_user_id" integer NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "robot_api_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"end_user" text NOT NULL,
	"chat_session_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_api_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"end_user" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_api_keys" ADD CONSTRAINT "robot_api_keys_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_keys" ADD CONSTRAINT "robot_api_keys_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_keys" ADD CONSTRAINT "robot_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_keys" ADD CONSTRAINT "robot_api_keys_service_user_id_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_sessions" ADD CONSTRAINT "robot_api_sessions_key_id_robot_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."robot_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_sessions" ADD CONSTRAINT "robot_api_sessions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_sessions" ADD CONSTRAINT "robot_api_sessions_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_usage" ADD CONSTRAINT "robot_api_usage_key_id_robot_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."robot_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_usage" ADD CONSTRAINT "robot_api_usage_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_api_usage" ADD CONSTRAINT "robot_api_usage_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_api_keys_robot_idx" ON "robot_api_keys" USING btree ("robot_id","id");--> statement-breakpoint
CREATE INDEX "robot_api_sessions_key_user_idx" ON "robot_api_sessions" USING btree ("key_id","end_user","id");--> statement-breakpoint
CREATE INDEX "robot_api_usage_key_idx" ON "robot_api_usage" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "robot_api_usage_robot_idx" ON "robot_api_usage" USING btree ("robot_id","created_at");