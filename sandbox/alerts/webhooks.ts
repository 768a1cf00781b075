/**
 * The custodian's alert webhooks. The real API has no endpoint to create them (the dashboard does),
 * so the sandbox seeds three, one per receiver role, with ids stable across restarts and URLs that
 * point at this run's receivers.
 */
import { createHmac } from "node:crypto";
import type { AlertWebhook } from "@/lib/contracts";
import { createRng } from "../seed/prng";
import { createIdGenerator } from "../state/ids";
import { EVENT_TYPE } from "./payload";
import { RECEIVER_ROLES, type ReceiverRole } from "./receivers";

export interface Webhook {
  /** Position in the event store's webhook column. */
  index: number;
  id: string;
  role: ReceiverRole;
  url: string;
  /** Sent as X-WEBHOOK-SECRET; derived from the custodian key, so it is never stored. */
  secret: string;
  createdAt: string;
  updatedAt: string;
}

const DAY_MS = 86_400_000;
/** How long before the seed anchor each webhook was set up (older than the seeded event history). */
const AGE_DAYS: Record<ReceiverRole, number> = { accepting: 400, failing: 200, slow: 120 };

export function webhookSecret(custodianApiKey: string, webhookId: string): string {
  return `whsec_${createHmac("sha256", custodianApiKey).update(`alert-webhook:${webhookId}`).digest("base64url")}`;
}

export function seedWebhooks(opts: {
  seed: string;
  anchorMs: number;
  custodianApiKey: string;
  urlOf: (role: ReceiverRole) => string;
}): Webhook[] {
  const rng = createRng(`${opts.seed}:webhooks`);
  const ids = createIdGenerator(() => rng.next(), "whk0");
  return RECEIVER_ROLES.map((role, index) => {
    const createdMs = opts.anchorMs - AGE_DAYS[role] * DAY_MS;
    const id = ids.next(createdMs);
    return {
      index,
      id,
      role,
      url: opts.urlOf(role),
      secret: webhookSecret(opts.custodianApiKey, id),
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(createdMs + 3_600_000).toISOString(),
    };
  });
}

export function webhookView(w: Webhook): AlertWebhook {
  return {
    id: w.id,
    url: w.url,
    events: [EVENT_TYPE],
    autoAddNewAddresses: true,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
}
