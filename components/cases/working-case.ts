"use client";
import { useSyncExternalStore } from "react";

/**
 * The case this browser tab is working on: set once in the header, sent with every act
 * (components/hooks/use-action.ts) and sealed on its audit records. Kept per tab (sessionStorage),
 * so two tabs may work on two cases and a closed tab forgets it: an old case does not silently
 * follow someone into tomorrow's work.
 */
const KEY = "custodian-console.case";
const listeners = new Set<() => void>();

export function workingCase(): string | undefined {
  if (typeof window === "undefined") return undefined;
  try {
    return window.sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setWorkingCase(value: string | undefined) {
  try {
    if (value) window.sessionStorage.setItem(KEY, value);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode quota): the case lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWorkingCase(): string | undefined {
  return useSyncExternalStore(subscribe, workingCase, () => undefined);
}
