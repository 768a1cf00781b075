import "server-only";

/** Something a rule found about one subject (a webhook id, "audit-chain"): ids and counts only. */
export interface Finding {
  subject: string;
  count: number;
  /** What was found, in a sentence (no address, e-mail, amount or secret). */
  what: string;
  /** The console page that shows it, a path such as /alerts/<id>/horizon. */
  path: string;
}

export interface FinderResult {
  findings: Finding[];
  /** Subjects whose state could not be read this time: a standing finding about them is left as it is. */
  unknown: string[];
}

/** A rule's finder: `threshold` as the admin set it (undefined for a rule without one). */
export type Finder = (threshold: number | undefined, now: number) => Promise<FinderResult>;
