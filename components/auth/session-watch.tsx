"use client";
import { LogIn } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { authSessionUrl, sessionUrl } from "@/lib/auth/routes";
import { sessionEndMessage, isSessionEndReason, type SessionEndReason } from "@/lib/auth/session-end";
import { announceSessionEnded, onSessionEnded, signInAgainHref } from "@/lib/auth/session-ended";

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
}

/**
 * Keeps an active session alive and tells the page when it has ended.
 * - Navigation and coming back to the tab count as activity: reading next-auth's session re-issues its
 *   cookie, so only real idleness ends a session (CONSOLE_SESSION_IDLE_MINUTES). A plain request, not
 *   next-auth's client: a cancelled or failed refresh is nothing to report, the next one follows.
 * - When the cookie's expiry passes, /api/session (which renews nothing) says whether the session still
 *   holds (another tab kept it alive) or has ended, and why.
 * - Any read or action that met 401 says the same (lib/auth/session-ended.ts).
 * The notice keeps the page as it is (nothing typed is lost) and offers to sign in again, back to it; it
 * stays above popovers and dialogs, and clickable while a modal dialog holds the rest of the page.
 */
export function SessionWatch({ limits }: { limits: SessionLimits }) {
  const pathname = usePathname();
  const [ended, setEnded] = useState<SessionEndReason | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);

  useEffect(() => onSessionEnded((reason) => setEnded((now) => now ?? reason ?? "idle")), []);

  useEffect(() => {
    const refresh = () =>
      void fetch(authSessionUrl(), { credentials: "same-origin", cache: "no-store" })
        .then((res) => (res.ok ? (res.json() as Promise<{ user?: unknown; expires?: string }>) : null))
        .then((session) => {
          if (!session) return;
          if (!session.user) void check();
          else if (session.expires) setExpiresAt(Date.parse(session.expires));
        })
        .catch(() => {});
    refresh();
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [pathname]);

  useEffect(() => {
    if (expiresAt === null || ended) return;
    const timer = window.setTimeout(() => void check().then(setExpiresAt), Math.max(0, expiresAt - Date.now()) + 1000);
    return () => window.clearTimeout(timer);
  }, [expiresAt, ended]);

  if (!ended) return null;
  return (
    <div
      role="alert"
      data-testid="session-ended"
      className="pointer-events-auto sticky top-0 z-[60] flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b border-warning/40 bg-warning-soft px-4 py-3 text-sm shadow"
    >
      <p>
        <strong>{sessionEndMessage(ended, limits)}</strong> This page stays as it is until you leave it.
      </p>
      <a
        href={signInAgainHref(ended)}
        className="inline-flex items-center gap-1.5 rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg"
      >
        <LogIn className="size-4" aria-hidden /> Sign in again
      </a>
    </div>
  );
}

/** Whether the session holds: its new expiry (ms), or null after announcing why it ended. */
async function check(): Promise<number | null> {
  try {
    const res = await fetch(sessionUrl(), { credentials: "same-origin", cache: "no-store" });
    if (res.status === 401) {
      const body = (await res.json().catch(() => null)) as { error?: { reason?: unknown } } | null;
      announceSessionEnded(isSessionEndReason(body?.error?.reason) ? body.error.reason : "idle");
      return null;
    }
    const body = res.ok ? ((await res.json()) as { expiresAt?: string | null }) : null;
    // Signed in but refused otherwise (a password to change first): look again in a minute.
    return body?.expiresAt ? Date.parse(body.expiresAt) : Date.now() + 60_000;
  } catch {
    return Date.now() + 60_000;
  }
}
