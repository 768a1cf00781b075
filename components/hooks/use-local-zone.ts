"use client";
import { useSyncExternalStore } from "react";
import { localZone } from "@/lib/shared/time-zone";

const subscribe = () => () => {};

/** The browser's time zone; null while rendering on the server (which cannot know it). */
export function useLocalZone(): string | null {
  return useSyncExternalStore(subscribe, localZone, () => null);
}
