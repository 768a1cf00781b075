"use client";
import { useEffect, useRef } from "react";

/**
 * For what an act just produced (a replay's outcome, a run's progress): brought into view and given the
 * focus when it first appears, so it does not land below the fold unseen and a screen reader reads it.
 * The element needs tabIndex={-1}.
 */
export function useBroughtIntoView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollIntoView({ block: "nearest" });
    element.focus({ preventScroll: true });
  }, []);
  return ref;
}
