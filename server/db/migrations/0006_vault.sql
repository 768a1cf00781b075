CREATE TABLE "test_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"is_account_abstracted" boolean NOT NULL,
	"has_shares" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"kek_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vault_records_purpose_subject_idx" ON "vault_records" USING btree ("purpose","subject");--> statement-breakpoint
CREATE INDEX "vault_records_kek_idx" ON "vault_records" USING btree ("kek_id");