CREATE TABLE "eject_evidence" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"pack" jsonb NOT NULL,
	"key_id" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
