/**
 * Why a session ended, said the same way by the server's refusal (401 UNAUTHENTICATED with `reason`),
 * the notice on the open page and the sign-in page it leads to (`?reason=`).
 */
export const SESSION_END_REASONS = ["idle", "lifetime", "ended", "disabled"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === "string" && (SESSION_END_REASONS as readonly string[]).includes(value);
}

/** The sentence for each reason; `limits` are the console's session settings when known. */
export function sessionEndMessage(
  reason: SessionEndReason,
  limits: { idleMinutes?: number; maxHours?: number } = {},
): string {
  switch (reason) {
    case "idle":
      return limits.idleMinutes
        ? `Your session ended after ${limits.idleMinutes} minutes without activity.`
        : "Your session ended after a while without activity.";
    case "lifetime":
      return limits.maxHours
        ? `Your session reached its limit of ${limits.maxHours} hours since you signed in.`
        : "Your session reached its time limit since you signed in.";
    case "ended":
      return "Your session was ended: you signed out on another device, or an admin changed your role or password.";
    case "disabled":
      return "Your session was ended: an admin disabled your account.";
  }
}
