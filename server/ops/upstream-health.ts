import "server-only";
import { measure, upstreamDuration, upstreamRequests } from "./metrics";

/**
 * What this instance last saw of the upstream, from its own calls (readiness reports it without
 * calling the upstream, so a probe spends none of the shared rate limit), and the upstream metrics.
 */
export interface UpstreamSeen {
  lastAnswerAt: string | null;
  lastLatencyMs: number | null;
  lastError: { at: string; code: string; status: number | null } | null;
}

const seen: UpstreamSeen = { lastAnswerAt: null, lastLatencyMs: null, lastError: null };

export interface UpstreamAttempt {
  service: string;
  method: string;
  /** The endpoint's template as the spec writes it (`/v1/clients/{clientId}`), never a filled-in path. */
  path: string;
  status?: number;
  durationMs?: number;
  error?: string;
  retryInMs?: number;
}

export function recordUpstreamAttempt(attempt: UpstreamAttempt, now = new Date()): void {
  const ok = attempt.error === undefined && attempt.status !== undefined && attempt.status < 400;
  if (attempt.status !== undefined) {
    seen.lastAnswerAt = now.toISOString();
    if (attempt.durationMs !== undefined) seen.lastLatencyMs = attempt.durationMs;
  }
  // A 4xx answer to a bad request is the upstream working; unreachable, 5xx and 429 are not.
  const heldHere = attempt.error === "console_rate_limit";
  const unwell = !heldHere && (attempt.status === undefined || attempt.status >= 500 || attempt.status === 429);
  if (unwell)
    seen.lastError = { at: now.toISOString(), code: attempt.error ?? "error", status: attempt.status ?? null };
  measure(() => {
    const labels = { service: attempt.service, method: attempt.method, endpoint: attempt.path };
    const outcome = ok
      ? "ok"
      : heldHere
        ? "held_by_console_limit"
        : attempt.retryInMs !== undefined
          ? "retried"
          : "failed";
    upstreamRequests().inc({
      ...labels,
      status: attempt.status === undefined ? "none" : String(attempt.status),
      outcome,
    });
    if (attempt.durationMs !== undefined) upstreamDuration().observe(labels, attempt.durationMs / 1000);
  });
}

export function upstreamSeen(): UpstreamSeen {
  return { ...seen, lastError: seen.lastError && { ...seen.lastError } };
}
