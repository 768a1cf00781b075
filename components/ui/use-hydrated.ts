"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during server render and hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
