"use client";
import { useEffect, useSyncExternalStore } from "react";
import { usePathname, useSearchParams } from "next/navigation";

/**
 * Remembers, for this tab, the page the user was on before the current one (with its query string:
 * the clients page they paged to, the audit filter they set), so a "back" link can return there.
 */
const KEY = "console:navigation";
const EVENT = "console:navigation";

interface Memory {
  current: string | null;
  previous: string | null;
}

function read(): Memory {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "") as Memory;
  } catch {
    return { current: null, previous: null };
  }
}

const pathOf = (url: string | null) => (url ? url.split("?")[0] : null);

export function NavigationMemory() {
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    const query = params.toString();
    const url = query ? `${pathname}?${query}` : pathname;
    const memory = read();
    const next =
      pathOf(memory.current) === pathname ? { ...memory, current: url } : { previous: memory.current, current: url };
    sessionStorage.setItem(KEY, JSON.stringify(next));
    window.dispatchEvent(new Event(EVENT));
  }, [pathname, params]);
  return null;
}

function subscribe(callback: () => void) {
  window.addEventListener(EVENT, callback);
  return () => window.removeEventListener(EVENT, callback);
}

/** The page before this one (same tab), or null on the server and on a first visit. */
export function usePreviousPage(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read().previous,
    () => null,
  );
}
