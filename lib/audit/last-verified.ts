/** When the whole audit log was last verified (server/audit/last-verified.ts), as the audit page shows it. */
export interface LastVerified {
  /** The log verified as it stood then (ISO): the moment the walk read its head. */
  at: string;
  /** The hourly sweep of every instance, or a Verify of the whole chain (the button, an export's, an acknowledgement's). */
  by: "sweep" | "verify";
  /** Records verified, and the sequence number of the last. */
  count: number;
  lastSeq: number;
}

/** The answer of GET /api/audit/last-verified. */
export interface LastVerifiedView {
  lastVerified: LastVerified | null;
}
