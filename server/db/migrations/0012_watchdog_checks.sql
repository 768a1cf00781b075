CREATE TABLE "watchdog_checks" (
	"webhook_id" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"chain_id" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"verdict" jsonb,
	"seal" text,
	CONSTRAINT "watchdog_checks_webhook_id_transaction_hash_pk" PRIMARY KEY("webhook_id","transaction_hash")
);
--> statement-breakpoint
CREATE INDEX "watchdog_checks_alerted_idx" ON "watchdog_checks" USING btree ("webhook_id","alerted_at");