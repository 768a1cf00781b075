CREATE TABLE "transaction_parties" (
	"chain_id" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"parties" jsonb,
	"block_number" bigint,
	"checked_at" timestamp with time zone,
	"seal" text,
	CONSTRAINT "transaction_parties_chain_id_transaction_hash_pk" PRIMARY KEY("chain_id","transaction_hash")
);
