CREATE TABLE "case_requirements" (
	"action" text PRIMARY KEY NOT NULL,
	"required_by_email" text NOT NULL,
	"required_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_case_idx" ON "audit_log" USING btree (("input"->>'case'));