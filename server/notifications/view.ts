import "server-only";
import { desc } from "drizzle-orm";
import type { NotificationSendView, NotificationsView } from "@/lib/notifications";
import { shownDestination } from "@/lib/notifications/destination";
import { RULE_IDS } from "@/lib/notifications/rules";
import { tables, type Db } from "@/server/db";
import { firingCounts } from "./evaluate";
import { hasSigningSecret } from "./secret";
import { readSettings } from "./settings";

const LAST_SENDS = 20;

/** What the admin page's notifications section shows: the destination (never its query), rules, last sends. */
export async function notificationsView(db: Db): Promise<NotificationsView> {
  const settings = await readSettings(db);
  const outbox = tables.notificationOutbox;
  const [rows, firing, secret] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(LAST_SENDS),
    firingCounts(db),
    hasSigningSecret(db),
  ]);
  return {
    destination: {
      shown: settings.url ? shownDestination(settings.url) : null,
      source: settings.source,
      format: settings.format,
      hasSecret: secret,
      updatedByEmail: settings.updatedByEmail,
      updatedAt: settings.updatedAt,
    },
    rules: RULE_IDS.map((id) => ({ id, ...settings.rules[id] })),
    firing,
    sends: rows.map((r): NotificationSendView => ({
      id: r.id,
      createdAt: r.createdAt,
      rule: r.rule as NotificationSendView["rule"],
      state: r.state,
      status: r.status,
      httpStatus: r.lastStatus,
      attempts: r.attempts,
      lastError: r.lastError,
      sentAt: r.sentAt,
      nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
    })),
  };
}
