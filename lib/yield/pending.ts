/**
 * Pending actions across the console's test clients: every balance of every position that the
 * provider offers an action on (claim rewards, withdraw, …), one row per action, for the page that
 * lists them all and its filters (client, network, action type; kept in the URL).
 */
export interface PendingRow {
  clientId: string;
  isAccountAbstracted: boolean;
  yieldId: string;
  /** CAIP-2. */
  network: string;
  /** The balance the action is on: claimable, withdrawable, … */
  balanceType: string;
  /** The provider's type: CLAIM_REWARDS, WITHDRAW, … */
  action: string;
  /** Whole token units. */
  amount: string;
  symbol: string;
  amountUsd: string | null;
  /** When it became (or becomes) available, where the provider says (an exit's withdrawable date). */
  since: string | null;
}

export interface PendingPage {
  rows: PendingRow[];
  /** Test clients read, and those whose positions could not be read (with why). */
  clients: number;
  errors: { clientId: string; message: string }[];
  /** More test clients exist than were read (the newest are). */
  truncated: boolean;
  readAt: string;
}

export interface PendingFilters {
  client: string | null;
  network: string | null;
  type: string | null;
}

export function filterPending(rows: readonly PendingRow[], f: PendingFilters): PendingRow[] {
  return rows.filter(
    (r) =>
      (f.client === null || r.clientId === f.client) &&
      (f.network === null || r.network === f.network) &&
      (f.type === null || r.action === f.type),
  );
}

/** The distinct values each filter can take, in a stable order. */
export function pendingChoices(rows: readonly PendingRow[]) {
  const sorted = (values: string[]) => [...new Set(values)].sort();
  return {
    clients: sorted(rows.map((r) => r.clientId)),
    networks: sorted(rows.map((r) => r.network)),
    types: sorted(rows.map((r) => r.action)),
  };
}

/** How many pending actions the page shows, in words: none said as such, "of" only when filters hide some. */
export function pendingCountWords(shown: number, total: number): string {
  const n = (count: number) => count.toLocaleString("en");
  if (total === 0) return "No pending actions";
  if (shown === total) return `${n(total)} pending ${total === 1 ? "action" : "actions"}`;
  return `${n(shown)} of ${n(total)} pending actions`;
}
