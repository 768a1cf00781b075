import { QueryClient, defaultShouldDehydrateQuery, isServer } from "@tanstack/react-query";
import { isSessionEndReason } from "../auth/session-end";
import { announceSessionEnded } from "../auth/session-ended";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Prefetched data is fresh on arrival; avoid an immediate refetch after hydration.
        staleTime: 30_000,
        // A page's prefetch on the server is not asked again: its read already went through the upstream
        // client's own retries, and React Query's 1 s + 2 s waits would hold the page's first byte back
        // 3 s just to show the same error (the browser's view of it has a Retry button).
        retry: isServer ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
      // Pending prefetches are dehydrated too, so a page can stream instead of waiting for every read.
      dehydrate: {
        shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === "pending",
        serializeData: (data) => JSON.stringify(data),
      },
      hydrate: { deserializeData: (text) => JSON.parse(text as string) },
    },
  });
}

/**
 * Whether the browser asks again after a failed read. Only when the console's answer never came: the
 * network failed, or something in between (a proxy) answered for it. An error answer of the console
 * itself comes after the console retried the upstream where that could help (server/upstream), so
 * asking again would only repeat those attempts against an upstream already failing and keep the
 * person waiting; every error state has a Retry button instead. At most two more tries.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (!(error instanceof HttpError)) return true;
  return error.status >= 500 && error.code === undefined;
}

let browserClient: QueryClient | undefined;

/** A new client per server request; one client for the life of the browser tab. */
export function getQueryClient() {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

/** An error answer of one of the console's own route handlers, with its safe message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly requestId?: string,
    /** RATE_LIMITED: seconds until trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** How long to hold Retry back after `error`: the server's Retry-After for RATE_LIMITED, else nothing. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.retryAfterSeconds : undefined;
}

/** GET one of the console's app/api routes and return its JSON, or throw HttpError with the safe message. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { accept: "application/json", ...init?.headers },
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; code?: string; requestId?: string; retryAfterSeconds?: number; reason?: unknown };
  } | null;
  if (!res.ok) {
    // The session ended: the page says so and offers to sign in again (components/auth/session-watch.tsx).
    if (res.status === 401)
      announceSessionEnded(isSessionEndReason(body?.error?.reason) ? body.error.reason : undefined);
    throw new HttpError(
      res.status,
      body?.error?.message ?? `The request failed (${res.status}).`,
      body?.error?.code,
      body?.error?.requestId,
      typeof body?.error?.retryAfterSeconds === "number" ? body.error.retryAfterSeconds : undefined,
    );
  }
  return body as T;
}
