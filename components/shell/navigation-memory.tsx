"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";

/**
 * Remembers, for this tab, the last page of a list the user worked from (the clients page they
 * paged to, Approvals, the audit log with its filters), so a client's "back" link returns there
 * even after the user went from one client to another (by the header search, a link in the
 * audit drawer, the timeline).
 */
const KEY = "console:navigation";
const EVENT = "console:navigation";

/** The pages a client's back link returns to, and what the link then says. */
export const RETURN_PLACES: readonly { pattern: RegExp; label: string }[] = [
  { pattern: /^\/clients(\?|$)/, label: "Clients" },
  { pattern: /^\/approvals(\?|$)/, label: "Approvals" },
  { pattern: /^\/audit(\?|$)/, label: "Audit log" },
];

interface Memory {
  /** The last list page visited, with its query string. */
  returnTo: string | null;
}

function read(): Memory {
  try {
    const memory = JSON.parse(sessionStorage.getItem(KEY) ?? "") as Partial<Memory>;
    return { returnTo: typeof memory.returnTo === "string" ? memory.returnTo : null };
  } catch {
    return { returnTo: null };
  }
}

export function NavigationMemory() {
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    const query = params.toString();
    const url = query ? `${pathname}?${query}` : pathname;
    // Other pages (a client, the gas page) leave the list to return to as it was.
    if (!RETURN_PLACES.some((p) => p.pattern.test(url))) return;
    sessionStorage.setItem(KEY, JSON.stringify({ returnTo: url } satisfies Memory));
    window.dispatchEvent(new Event(EVENT));
  }, [pathname, params]);
  return null;
}

function subscribe(callback: () => void) {
  window.addEventListener(EVENT, callback);
  return () => window.removeEventListener(EVENT, callback);
}

/** The last list page of this tab (with its query), or null on the server and before any list page. */
export function useReturnPlace(): { href: string; label: string } | null {
  const returnTo = useSyncExternalStore(
    subscribe,
    () => read().returnTo,
    () => null,
  );
  const place = returnTo ? RETURN_PLACES.find((p) => p.pattern.test(returnTo)) : undefined;
  return place && returnTo ? { href: returnTo, label: place.label } : null;
}
