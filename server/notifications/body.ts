import "server-only";
import type { NotifyFormat } from "@/lib/notifications/destination";
import { slackText, type NotifyMessage } from "@/lib/notifications/message";

/** The request body in the destination's format: `{ text }` for Slack, the message itself for plain JSON. */
export function requestBody(message: NotifyMessage, format: NotifyFormat): string {
  if (format === "slack") return JSON.stringify({ text: slackText(message) });
  const { kind, rule, state, what, count, link, at, id } = message;
  return JSON.stringify({ kind, rule, state, what, count, link, at, id });
}
