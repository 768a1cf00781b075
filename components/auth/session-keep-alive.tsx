"use client";
import { usePathname } from "next/navigation";
import { useEffect } from "react";

/**
 * Navigation and coming back to the tab count as activity: reading the session re-issues its cookie,
 * so only real idleness ends a session (CONSOLE_SESSION_IDLE_MINUTES). A plain request, not next-auth's
 * client: when the page is left mid-request (a reload, a typed address) the browser cancels it, and
 * next-auth's client would report each cancellation to the server log as an error. Here a cancelled or
 * failed refresh is nothing to report: the next navigation refreshes again, and an expired session is
 * met by the page's own sign-in redirect.
 */
function refresh() {
  void fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" }).catch(() => {});
}

export function SessionKeepAlive() {
  const pathname = usePathname();
  useEffect(refresh, [pathname]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  return null;
}
