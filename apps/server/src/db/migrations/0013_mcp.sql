CREATE TABLE "mcp_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"creator_id" integer,
	"name" text NOT NULL,
	"transport" text NOT NULL,
	"url" text NOT NULL,
	"headers_enc" text DEFAULT '' NOT NULL,
	"timeout_sec" integer DEFAULT 60 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_mcp_tools" (
	"robot_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "robot_mcp_tools_robot_id_tool_id_pk" PRIMARY KEY("robot_id","tool_id")
);
--> statement-breakpoint
ALTER TABLE "mcp_services" ADD CONSTRAINT "mcp_services_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_services" ADD CONSTRAINT "mcp_services_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_tools" ADD CONSTRAINT "mcp_tools_service_id_mcp_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."mcp_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_mcp_tools" ADD CONSTRAINT "robot_mcp_tools_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_mcp_tools" ADD CONSTRAINT "robot_mcp_tools_tool_id_mcp_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."mcp_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_mcp_tools" ADD CONSTRAINT "robot_mcp_tools_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_services_group_idx" ON "mcp_services" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_tools_service_name_idx" ON "mcp_tools" USING btree ("service_id","name");--> statement-breakpoint
CREATE INDEX "robot_mcp_tools_tool_idx" ON "robot_mcp_tools" USING btree ("tool_id");