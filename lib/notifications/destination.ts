/**
 * Where notifications are sent: an https URL (plain http only to this machine, for tests), without a
 * user name or password in it. The same rule for CONSOLE_NOTIFY_URL and for the URL an admin sets.
 */
import { z } from "zod";

export const NOTIFY_FORMATS = ["plain", "slack"] as const;
export type NotifyFormat = (typeof NOTIFY_FORMATS)[number];

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a URL may not be a destination, or null when it may. */
export function destinationProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL, starting with https://";
  }
  if (url.username || url.password) return "The URL must not hold a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return LOOPBACK.has(url.hostname) ? null : "Use https (plain http only to localhost or 127.0.0.1)";
  return "Use an https URL";
}

export const destinationUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the URL notifications are sent to")
  .max(2000, "At most 2000 characters")
  .superRefine((value, ctx) => {
    const problem = destinationProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * The URL as the page and the log may show it: scheme, host and path, never the query (which may carry
 * a token). The path is shown to admins only; the log gets the origin alone (server/notifications/send.ts).
 */
export function shownDestination(value: string): string {
  try {
    const url = new URL(value);
    // The path and the query may be the credential (a Slack webhook's path is): only the origin is shown.
    return `${url.origin}${url.pathname !== "/" || url.search ? "/…" : ""}`;
  } catch {
    return "(not a URL)";
  }
}
