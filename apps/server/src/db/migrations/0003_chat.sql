CREATE TABLE "ai_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"model" text NOT NULL,
	"label" text NOT NULL,
	"capabilities" text[] DEFAULT '{chat}'::text[] NOT NULL,
	"context_window" integer DEFAULT 8192 NOT NULL,
	"tips" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_enc" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"from_env" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"client_msg_id" text,
	"question" text NOT NULL,
	"question_parts" jsonb,
	"annex" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correlation_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommend_content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activity_content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_reason" boolean DEFAULT false NOT NULL,
	"is_network" boolean DEFAULT false NOT NULL,
	"is_collect" boolean DEFAULT false NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "chat_records_status_check" CHECK ("chat_records"."status" in ('streaming', 'done', 'stopped', 'failed', 'interrupted'))
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"robot_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_talk" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sessions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "robot_models" (
	"robot_id" integer PRIMARY KEY NOT NULL,
	"chat_model_id" integer,
	"reasoning_model_id" integer
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_provider_id_ai_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."ai_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_records" ADD CONSTRAINT "chat_records_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_records" ADD CONSTRAINT "chat_records_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_records" ADD CONSTRAINT "chat_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_records" ADD CONSTRAINT "chat_records_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_models" ADD CONSTRAINT "robot_models_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_models" ADD CONSTRAINT "robot_models_chat_model_id_ai_models_id_fk" FOREIGN KEY ("chat_model_id") REFERENCES "public"."ai_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_models" ADD CONSTRAINT "robot_models_reasoning_model_id_ai_models_id_fk" FOREIGN KEY ("reasoning_model_id") REFERENCES "public"."ai_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_provider_model" ON "ai_models" USING btree ("provider_id","model");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_one_default" ON "ai_models" USING btree ("is_default") WHERE "ai_models"."is_default";--> statement-breakpoint
CREATE INDEX "chat_records_session_idx" ON "chat_records" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "chat_records_robot_idx" ON "chat_records" USING btree ("robot_id","id");--> statement-breakpoint
CREATE INDEX "chat_records_streaming_idx" ON "chat_records" USING btree ("status") WHERE "chat_records"."status" = 'streaming';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_records_client_msg" ON "chat_records" USING btree ("session_id","client_msg_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_user_robot_idx" ON "chat_sessions" USING btree ("user_id","robot_id","updated_at");