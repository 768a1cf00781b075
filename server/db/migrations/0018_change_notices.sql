-- Each write to a table that pages read on every view announces itself (server/db/changes.ts): the
-- embedded database's one process keeps such reads until the next announcement. One notice per
-- statement, naming the table; a statement that wrote no row announces too, which only costs a read.
CREATE FUNCTION "console_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('console_changes', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "eject_requests_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "eject_requests"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "eject_evidence_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "eject_evidence"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "test_clients_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "test_clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "vault_records_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vault_records"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "job_runs_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_runs"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "notification_settings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "notification_findings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_findings"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "notification_outbox_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notification_outbox"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
