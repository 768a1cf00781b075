import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { NotificationSendView, NotificationsView } from "@/lib/notifications";
import { shownDestination } from "@/lib/notifications/destination";
import { RULE_IDS } from "@/lib/notifications/rules";
import { tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { firingCounts } from "./evaluate";
import { NOTIFY_JOB_KIND } from "./job-kind";
import { hasSigningSecret } from "./secret";
import { readSettings } from "./settings";

const LAST_SENDS = 20;

/**
 * The admin page's section as its page and route serve it: kept between writes to what it is read
 * from (server/db/kept-reads.ts), so a page view neither runs six queries nor opens the vault.
 */
export async function shownNotifications(): Promise<NotificationsView> {
  return keptRead(
    ["notification_settings", "vault_records", "notification_outbox", "notification_findings", "job_runs", "audit_log"],
    "notifications view",
    async (db) => ({ value: await notificationsView(db) }),
  );
}

/** What the admin page's notifications section shows: the destination (never its query), rules, last sends. */
export async function notificationsView(db: Db): Promise<NotificationsView> {
  const settings = await readSettings(db);
  const outbox = tables.notificationOutbox;
  const runs = tables.jobRuns;
  const [rows, firing, secret, [pass]] = await Promise.all([
    // The columns shown, not the messages themselves.
    db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        rule: outbox.rule,
        subject: outbox.subject,
        state: outbox.state,
        status: outbox.status,
        lastStatus: outbox.lastStatus,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        sentAt: outbox.sentAt,
        nextAttemptAt: outbox.nextAttemptAt,
      })
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(LAST_SENDS),
    firingCounts(db),
    hasSigningSecret(db),
    db
      .select({ finishedAt: runs.finishedAt, status: runs.status })
      .from(runs)
      .where(and(eq(runs.kind, NOTIFY_JOB_KIND), isNotNull(runs.finishedAt)))
      .orderBy(desc(runs.finishedAt))
      .limit(1),
  ]);
  return {
    destination: {
      shown: settings.url ? shownDestination(settings.url) : null,
      source: settings.source,
      format: settings.format,
      hasSecret: secret,
      updatedByEmail: settings.updatedByEmail,
      updatedAt: settings.updatedAt && iso(settings.updatedAt),
      lost: settings.lost,
      restored: settings.restored && {
        held: settings.restored.held,
        shown: settings.restored.shown,
        by: settings.restored.by,
        at: settings.restored.at,
      },
    },
    lastPass: pass?.finishedAt ? { finishedAt: pass.finishedAt.toISOString(), status: pass.status } : null,
    rules: RULE_IDS.map((id) => ({ id, ...settings.rules[id] })),
    firing,
    sends: rows.map((r): NotificationSendView => ({
      id: r.id,
      createdAt: r.createdAt,
      rule: r.rule as NotificationSendView["rule"],
      subject: r.subject,
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

/** PostgreSQL's text of a timestamp ("2026-11-29 15:12:19.58+00") as ISO 8601, as the view promises. */
const iso = (value: string) => new Date(value).toISOString();
