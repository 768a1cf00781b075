-- Whether a case is required for an act is read from the audit chain (server/cases/requirements-on-record.ts):
-- every change was a cases.require record, so nothing is lost with this table, and a database writer can no
-- longer switch a requirement off by deleting its row.
DROP TABLE "case_requirements" CASCADE;
