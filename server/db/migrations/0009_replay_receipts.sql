CREATE TABLE "alert_replay_receipts" (
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"event_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"chain_id" text,
	"block_number" bigint,
	"transaction_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_created_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"outcome_at" timestamp with time zone,
	"outcome_row_id" text,
	"retries" integer,
	"message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_replay_receipts_run_id_event_id_pk" PRIMARY KEY("run_id","event_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_replay_receipts_seq_idx" ON "alert_replay_receipts" USING btree ("run_id","seq");--> statement-breakpoint
CREATE INDEX "alert_replay_receipts_webhook_idx" ON "alert_replay_receipts" USING btree ("webhook_id","sent_at");