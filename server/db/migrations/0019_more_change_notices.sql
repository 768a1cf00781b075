-- More tables whose reads are kept between writes (server/db/changes.ts): a person's saved views (the
-- events page), the acts that require a case (the users page) and the export schedules with their runs.
CREATE TRIGGER "saved_views_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "saved_views"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "case_requirements_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_requirements"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "export_schedules_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "export_schedules"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "export_schedule_runs_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "export_schedule_runs"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
-- A notice names the table's schema too: on PostgreSQL the channel is the database's, and consoles (or test
-- runs) on other schemas of the same database must not be taken for writes to this one's tables.
CREATE OR REPLACE FUNCTION "console_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('console_changes', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
	RETURN NULL;
END
$$;
