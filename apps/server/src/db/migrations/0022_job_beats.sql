CREATE TABLE "job_beats" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_beats_beat_at_idx" ON "job_beats" USING btree ("beat_at");