-- Two more tables whose reads are kept between writes on the embedded database (server/db/changes.ts):
-- a person's saved views (the events page) and the acts that require a case (the users page).
CREATE TRIGGER "saved_views_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "saved_views"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "case_requirements_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_requirements"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_announce_change"();
