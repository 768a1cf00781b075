CREATE TABLE "client_nonces" (
	"client_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"next" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_nonces_client_id_chain_id_pk" PRIMARY KEY("client_id","chain_id")
);
--> statement-breakpoint
CREATE TABLE "yield_run_steps" (
	"run_id" uuid NOT NULL,
	"step_index" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"title" text,
	"type" text,
	"upstream_status" text NOT NULL,
	"unsigned_transaction" text,
	"phase" text DEFAULT 'waiting' NOT NULL,
	"nonce" text,
	"from_block" bigint,
	"sign_started_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"user_operation_hash" text,
	"transaction_hash" text,
	"report_started_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"failed_part" text,
	"error" text,
	"sign_calls" integer DEFAULT 0 NOT NULL,
	"report_calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "yield_run_steps_run_id_step_index_pk" PRIMARY KEY("run_id","step_index")
);
--> statement-breakpoint
CREATE TABLE "yield_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"is_account_abstracted" boolean NOT NULL,
	"address" text NOT NULL,
	"chain_id" text NOT NULL,
	"yield_id" text NOT NULL,
	"intent" text NOT NULL,
	"action_type" text,
	"action_id" text,
	"request" jsonb NOT NULL,
	"strip_gas" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"job_run_id" uuid,
	"error" text,
	"created_by_id" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "yield_runs_client_idx" ON "yield_runs" USING btree ("client_id","created_at");