import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { NotifyMessage } from "@/lib/notifications/message";
import { tables, type Db } from "@/server/db";
import { logger } from "@/server/log";
import { requestBody } from "./body";
import { signingSecret } from "./secret";
import { postBody, type SendOutcome } from "./send";
import { readSettings } from "./settings";
import { signatureHeaders } from "./sign";

/** Sends of one message before it is given up (and shown so on the admin page). */
export const MAX_ATTEMPTS = 8;
/** The wait after the first failure; each further failure waits twice as long (30 s … 64 min). */
export const FIRST_RETRY_MS = 30_000;
/** How long a sender holds a claimed message: past it (the sender died), another may send it. */
const CLAIM_MS = 60_000;
/** Messages sent in one pass at most. */
const BATCH = 20;

const outbox = tables.notificationOutbox;
const messageSchema = z.object({
  kind: z.enum(["finding", "test"]),
  rule: z.string(),
  state: z.enum(["firing", "resolved"]),
  what: z.string(),
  count: z.number(),
  link: z.string(),
  at: z.string(),
  id: z.string(),
});

/** Adds a message to send (in the caller's transaction, beside the change that caused it); returns its id. */
export async function enqueue(
  db: Pick<Db, "insert">,
  message: Omit<NotifyMessage, "id">,
  now: number,
  subject: string,
): Promise<string> {
  const id = randomUUID();
  await db.insert(outbox).values({
    id,
    rule: message.rule,
    subject,
    state: message.kind === "test" ? "test" : message.state,
    message: { ...message, id },
    nextAttemptAt: new Date(now).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  return id;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  gaveUp: number;
}

/**
 * Sends the messages that are due (or just `ids`), oldest first, each claimed by one UPDATE so two
 * senders never post the same one at once. A 2xx marks it sent; a failure waits FIRST_RETRY_MS × 2^(n−1)
 * after the n-th, until MAX_ATTEMPTS. A sender that dies after the post and before its record leaves a
 * claim that lapses: the message is sent again, with the same id (receivers drop a repeated id).
 */
export async function deliverDue(db: Db, options: { now?: number; ids?: string[] } = {}): Promise<DeliveryReport> {
  const now = options.now ?? Date.now();
  const report: DeliveryReport = { sent: 0, failed: 0, gaveUp: 0 };
  const settings = await readSettings(db);
  if (!settings.url) return report;
  const at = new Date(now).toISOString();
  const due = and(
    eq(outbox.status, "pending"),
    lte(outbox.nextAttemptAt, at),
    or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, at)),
  );
  const candidates = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(options.ids ? and(due, inArray(outbox.id, options.ids)) : due)
    .orderBy(asc(outbox.createdAt))
    .limit(BATCH);
  if (candidates.length === 0) return report;
  const claimedUntil = new Date(now + CLAIM_MS).toISOString();
  const claimed = await db
    .update(outbox)
    .set({ claimedUntil })
    .where(
      and(
        due,
        inArray(
          outbox.id,
          candidates.map((c) => c.id),
        ),
      ),
    )
    .returning();
  const secret = settings.format === "plain" ? await signingSecret(db) : undefined;
  for (const row of claimed.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const parsed = messageSchema.safeParse(row.message);
    const outcome: SendOutcome = !parsed.success
      ? { ok: false, status: null, error: "The stored message is not readable." }
      : settings.format === "plain" && !secret
        ? { ok: false, status: null, error: "No signing secret yet: create one on the Users page." }
        : await send(settings.url, settings.format, parsed.data as NotifyMessage, secret);
    const attempts = row.attempts + 1;
    const gaveUp = !outcome.ok && attempts >= MAX_ATTEMPTS;
    await db
      .update(outbox)
      .set({
        attempts,
        claimedUntil: null,
        lastStatus: outcome.status,
        lastError: outcome.ok ? null : outcome.error,
        status: outcome.ok ? "sent" : gaveUp ? "gave-up" : "pending",
        sentAt: outcome.ok ? new Date(now).toISOString() : null,
        nextAttemptAt: outcome.ok || gaveUp ? row.nextAttemptAt : new Date(now + retryDelayMs(attempts)).toISOString(),
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedUntil, claimedUntil)));
    if (outcome.ok) report.sent++;
    else if (gaveUp) report.gaveUp++;
    else report.failed++;
    // The origin only: a URL's path or query may be the receiver's token.
    const log = { rule: row.rule, state: row.state, attempts, status: outcome.status, to: originOf(settings.url) };
    if (outcome.ok) logger.info(log, "notification sent");
    else logger.warn({ ...log, error: outcome.error }, gaveUp ? "notification given up" : "notification not sent");
  }
  return report;
}

/** The wait after the n-th failed attempt. */
export const retryDelayMs = (attempts: number) => FIRST_RETRY_MS * 2 ** (attempts - 1);

async function send(url: string, format: "plain" | "slack", message: NotifyMessage, secret?: string) {
  const body = requestBody(message, format);
  // Signed with the real clock (not a test's `now`): the receiver holds the timestamp to its own.
  const headers = format === "plain" && secret ? signatureHeaders(secret, body, Date.now()) : {};
  return postBody(url, body, headers);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(not a URL)";
  }
}

/** Forgets messages that ended (sent or given up) more than `keepMs` ago. */
export async function pruneOutbox(db: Db, now: number, keepMs = 30 * 24 * 3_600_000): Promise<void> {
  await db
    .delete(outbox)
    .where(and(ne(outbox.status, "pending"), lt(outbox.createdAt, new Date(now - keepMs).toISOString())));
}
