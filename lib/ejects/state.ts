/**
 * Where one eject request stands, named for what it is: "executed" in the database means the
 * window was opened upstream, which is not yet an ejection (the shares may never be downloaded).
 * Shared by the eject tab, the approvals page and their steps list.
 */
import type { EjectRequestView } from "./views";

export type EjectStage =
  | "waiting-approval"
  | "approved"
  | "window-open"
  | "shares-downloaded"
  | "window-closed"
  | "rejected"
  | "lapsed"
  | "withdrawn";

type Facts = Pick<EjectRequestView, "status" | "ejectableUntil" | "sharesFetchedAt">;

/** `now` 0 (before the browser's clock is read) counts an ejectable-until time as still ahead. */
export function ejectStage(r: Facts, now: number): EjectStage {
  switch (r.status) {
    case "pending":
      return "waiting-approval";
    case "approved":
      return "approved";
    case "executed":
      if (r.sharesFetchedAt) return "shares-downloaded";
      return r.ejectableUntil && Date.parse(r.ejectableUntil) > now ? "window-open" : "window-closed";
    case "rejected":
      return "rejected";
    case "expired":
      return "lapsed";
    case "withdrawn":
      return "withdrawn";
  }
}

export const EJECT_STAGE_LABELS: Record<EjectStage, string> = {
  "waiting-approval": "Waiting for approval",
  approved: "Approved: window not opened yet",
  "window-open": "Window open",
  "shares-downloaded": "Shares downloaded",
  "window-closed": "Window closed: shares not downloaded",
  rejected: "Rejected",
  lapsed: "Lapsed",
  withdrawn: "Withdrawn",
};

export const EJECT_STAGE_TONES = {
  "waiting-approval": "warning",
  approved: "accent",
  "window-open": "danger",
  "shares-downloaded": "success",
  "window-closed": "neutral",
  rejected: "danger",
  lapsed: "neutral",
  withdrawn: "neutral",
} as const satisfies Record<EjectStage, string>;

/** The four steps of an ejection, as the eject tab lists them. */
export const EJECT_STEPS = ["Request", "Approval by someone else", "Open the window", "Download the backup shares"];

const STEP_OF: Partial<Record<EjectStage, number>> = { "waiting-approval": 1, approved: 2, "window-open": 3 };

/** The step (index into EJECT_STEPS) a request is waiting at; undefined once nothing more can happen. */
export function currentEjectStep(stage: EjectStage): number | undefined {
  return STEP_OF[stage];
}

/** A request that still waits for someone (a decision, the window, the download). */
export const isOpenStage = (stage: EjectStage) => currentEjectStep(stage) !== undefined;
