import type { SessionEndReason } from "./session-end";

/**
 * The browser's one signal that the session has ended, raised by whichever read or action met 401
 * first (lib/shared/query-client.ts, components/hooks/use-action.ts) and shown once by the session
 * watch (components/auth/session-watch.tsx): the page stays as it is, so nothing typed is lost.
 */
const EVENT = "console:session-ended";

export function announceSessionEnded(reason: SessionEndReason | undefined) {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(EVENT, { detail: reason ?? null }));
}

export function onSessionEnded(listener: (reason: SessionEndReason | null) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SessionEndReason | null>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}

/** Where "Sign in again" leads: back to this page afterwards, with the reason for the sign-in page to say. */
export function signInAgainHref(reason: SessionEndReason) {
  const back = window.location.pathname + window.location.search;
  return `/signin?callbackUrl=${encodeURIComponent(back)}&reason=${reason}`;
}
