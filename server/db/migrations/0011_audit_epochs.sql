CREATE TABLE "evidence_signatures" (
	"digest" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"kind" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_head" ADD COLUMN "key_epoch" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "key_epoch" integer;--> statement-breakpoint
CREATE INDEX "evidence_signatures_key_idx" ON "evidence_signatures" USING btree ("key_id");