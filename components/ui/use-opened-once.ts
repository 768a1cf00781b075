"use client";
import { useState } from "react";

/**
 * Whether an overlay has been opened at least once. Dialogs and drawers load their code (Radix and
 * what the overlay holds) the first time they open rather than with the page, then stay mounted,
 * so from then on they behave exactly as an always-mounted one: closing, reopening, focus return.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state set during render (React's documented pattern): no extra commit with it false.
  if (open && !opened) setOpened(true);
  return opened || open;
}
