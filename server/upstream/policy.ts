import "server-only";
import type { ConnectionError } from "./errors";
import { backoffDelay, isRetryableStatus, type RetryDelays } from "./retry";

/**
 * The decisions of one upstream call, each a small function of what happened (core.ts runs them in
 * order: admit → send → read the answer → retry, renew or fail; the admission's rule is admission.ts's).
 * None of them sends, sleeps or logs.
 */
export interface CallPolicy {
  /** Whether sending the request twice cannot take effect twice (a read, or an endpoint marked so). */
  idempotent: boolean;
  maxRetries: number;
  delays: RetryDelays;
  random?: () => number;
}

/** After a failed connection: the delay before sending again, or undefined to fail. */
export function retryAfterConnectionError(
  error: Pick<ConnectionError, "code" | "beforeSend">,
  retries: number,
  policy: CallPolicy,
): number | undefined {
  const retry = error.code !== "aborted" && retries < policy.maxRetries && (policy.idempotent || error.beforeSend);
  return retry ? backoffDelay(retries, policy.delays, policy.random) : undefined;
}

/**
 * After a 2xx whose body is not JSON at all (cut off on the way): a transport failure, so a read is
 * asked again; a body that is JSON but breaks the contract would break it again, so it never is.
 */
export function retryAfterUnreadableBody(notJson: boolean, retries: number, policy: CallPolicy): number | undefined {
  return notJson && policy.idempotent && retries < policy.maxRetries
    ? backoffDelay(retries, policy.delays, policy.random)
    : undefined;
}

export type AfterErrorStatus =
  /** Resend at once with a fresh credential (the upstream refused it before doing anything). */
  | { kind: "renew" }
  | { kind: "retry"; delayMs: number; pauseLimiterMs?: number }
  | { kind: "fail"; pauseLimiterMs?: number };

/**
 * After a non-2xx answer. A 401 to a renewable credential is resent once with a fresh one, whatever the
 * method. A 429 pauses every caller of the shared limiter (another instance spent the budget), for its
 * Retry-After or a backoff. A read is resent after 408, 429 and 5xx, after Retry-After or a backoff,
 * unless Retry-After is longer than the policy waits out.
 */
export function afterErrorStatus(
  answer: { status: number; retryAfterMs: number | undefined; canRenewCredential: boolean },
  retries: number,
  policy: CallPolicy,
): AfterErrorStatus {
  if (answer.status === 401 && answer.canRenewCredential) return { kind: "renew" };
  const pauseLimiterMs =
    answer.status === 429 ? (answer.retryAfterMs ?? backoffDelay(retries, policy.delays, policy.random)) : undefined;
  const pause = pauseLimiterMs === undefined ? {} : { pauseLimiterMs };
  if (policy.idempotent && isRetryableStatus(answer.status) && retries < policy.maxRetries) {
    const delayMs = answer.retryAfterMs ?? backoffDelay(retries, policy.delays, policy.random);
    if (delayMs <= policy.delays.maxRetryAfterMs) return { kind: "retry", delayMs, ...pause };
  }
  return { kind: "fail", ...pause };
}
