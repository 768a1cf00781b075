"use client";
import { useSyncExternalStore } from "react";
import { formatDuration } from "@/lib/shared/format";

// One shared one-second clock for every countdown on the page.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
const nowSecond = () => Math.floor(Date.now() / 1000) * 1000;

export function useNow(): number {
  return useSyncExternalStore(subscribe, nowSecond, () => 0);
}

/** Time left until `until`, live; `expired` is shown once it passes. */
export function Countdown({ until, expired = "closed" }: { until: string; expired?: string }) {
  const now = useNow();
  const left = new Date(until).getTime() - now;
  if (now === 0) return <span className="tabular">…</span>;
  return (
    <span className="tabular" data-testid="countdown">
      {left > 0 ? formatDuration(left) : expired}
    </span>
  );
}
