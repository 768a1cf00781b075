"use client";
import { useEffect, useState } from "react";
import { retryAfterOf } from "@/lib/shared/query-client";

/**
 * Whole seconds before Retry is worth pressing after `error`: its Retry-After when the upstream's
 * rate limit was used up (RATE_LIMITED), counted down from when the error first showed; else 0.
 */
export function useRetryCountdown(error: unknown): number {
  const seconds = retryAfterOf(error) ?? 0;
  const [state, setState] = useState({ error, left: seconds });
  // A new error starts its own countdown (React's way to reset state from a prop, during render).
  if (state.error !== error) setState({ error, left: seconds });
  const left = state.error === error ? state.left : seconds;
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setState((s) => ({ ...s, left: Math.max(0, s.left - 1) })), 1000);
    return () => clearInterval(timer);
  }, [running, error]);
  return left;
}
