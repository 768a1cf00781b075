CREATE TABLE "eject_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"curve" text,
	"reason" text NOT NULL,
	"ticket" text NOT NULL,
	"window_minutes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"executed_by_email" text,
	"executed_at" timestamp with time zone,
	"ejectable_until" timestamp with time zone,
	"shares_fetched_by_email" text,
	"shares_fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "eject_requests_client_idx" ON "eject_requests" USING btree ("client_id","requested_at");