CREATE TABLE "team_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"link" jsonb,
	"user_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_news" ADD CONSTRAINT "team_news_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_news" ADD CONSTRAINT "team_news_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_news" ADD CONSTRAINT "team_news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_news" ADD CONSTRAINT "team_news_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_news_team_idx" ON "team_news" USING btree ("team_id","id");