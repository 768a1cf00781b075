CREATE TABLE "export_schedule_runs" (
	"schedule_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"catch_up" boolean NOT NULL,
	"job_run_id" uuid,
	"waiting_for" text,
	CONSTRAINT "export_schedule_runs_schedule_id_period_start_pk" PRIMARY KEY("schedule_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "export_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" text NOT NULL,
	"filters" jsonb NOT NULL,
	"format" text NOT NULL,
	"cadence" text NOT NULL,
	"time_zone" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"first_period_start" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by_email" text
);
