CREATE TABLE "intent_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intent_connections" (
	"intent_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intent_connections_intent_id_related_id_pk" PRIMARY KEY("intent_id","related_id")
);
--> statement-breakpoint
CREATE TABLE "intent_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"name" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intent_categories" ADD CONSTRAINT "intent_categories_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_categories" ADD CONSTRAINT "intent_categories_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_connections" ADD CONSTRAINT "intent_connections_intent_id_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_connections" ADD CONSTRAINT "intent_connections_related_id_intents_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_connections" ADD CONSTRAINT "intent_connections_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_connections" ADD CONSTRAINT "intent_connections_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_contents" ADD CONSTRAINT "intent_contents_intent_id_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_contents" ADD CONSTRAINT "intent_contents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_contents" ADD CONSTRAINT "intent_contents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_category_id_intent_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."intent_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intent_categories_group_idx" ON "intent_categories" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "intent_connections_related_idx" ON "intent_connections" USING btree ("related_id");--> statement-breakpoint
CREATE INDEX "intent_contents_intent_idx" ON "intent_contents" USING btree ("intent_id","sort","id");--> statement-breakpoint
CREATE INDEX "intents_category_idx" ON "intents" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE INDEX "intents_group_idx" ON "intents" USING btree ("group_id");