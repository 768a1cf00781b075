CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"singleton_key" text,
	"progress_done" bigint DEFAULT 0 NOT NULL,
	"progress_total" bigint,
	"rate_per_second" double precision,
	"eta_seconds" integer,
	"message" text,
	"checkpoint" jsonb,
	"result" jsonb,
	"error" text,
	"started_by_id" text NOT NULL,
	"started_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cancel_requested_by_email" text,
	"owner_instance" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_singleton_idx" ON "job_runs" USING btree ("kind","singleton_key") WHERE "job_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "job_runs_kind_created_idx" ON "job_runs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_started_by_idx" ON "job_runs" USING btree ("started_by_id","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_active_idx" ON "job_runs" USING btree ("status","lease_expires_at") WHERE "job_runs"."status" in ('queued', 'running');