/**
 * A notification as the console sends it: the plain JSON body, and the text of the Slack-compatible one.
 * Ids and counts only: never an address, an e-mail, an amount or a secret.
 */
import type { RuleId } from "./rules";

export type NotifyState = "firing" | "resolved";

export interface NotifyMessage {
  /** "finding", or "test" for the admin's test notification. */
  kind: "finding" | "test";
  rule: RuleId | "test";
  state: NotifyState;
  /** What was found, in a sentence. */
  what: string;
  /** How many (events, transactions, failures). */
  count: number;
  /** The console page, absolute. */
  link: string;
  /** When the finding appeared (firing) or cleared (resolved), ISO 8601. */
  at: string;
  /** The message's id: a receiver that sees an id twice (a send retried after a lost answer) drops the second. */
  id: string;
}

/** The Slack-compatible body's text: the state, what, how many, and the link. */
export function slackText(message: NotifyMessage): string {
  const head = message.kind === "test" ? "Test notification" : message.state === "firing" ? "Firing" : "Resolved";
  return `[${head}] ${message.what} (${message.count}) <${message.link}|Open in the console>`;
}
