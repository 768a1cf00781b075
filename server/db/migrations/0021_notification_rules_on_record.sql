-- Which notification rules are on, and their thresholds, are read from the audit chain
-- (server/notifications/rules-on-record.ts): every switch was a notifications.rule record, so nothing is lost
-- with this column, and a database writer can no longer silence a notification by editing it.
ALTER TABLE "notification_settings" DROP COLUMN "rules";
