/**
 * Yield actions and their transactions, per client, kept in the sandbox's state file so history and
 * statuses survive a restart. Lookups: a transaction by id, a hash already reported (each on-chain
 * transaction can back one yield transaction only), a client's actions newest first.
 */
import type { Address, Hex } from "viem";
import type { PersistedSection } from "../state/state-file";

export type TransactionStatus = "CREATED" | "BROADCASTED" | "CONFIRMED" | "FAILED" | "SKIPPED";
export type ActionStatus = "CREATED" | "PROCESSING" | "SUCCESS" | "FAILED" | "STALE";

/** The call a transaction must make: what submit-hash checks the reported transaction against. */
export interface ExpectedCall {
  to: Address;
  data: Hex;
  /** Wei, decimal. */
  value: string;
}

export interface StoredTransaction {
  id: string;
  stepIndex: number;
  type: string;
  title: string;
  description: string;
  status: TransactionStatus;
  /** The parameters to sign (from, to, data, value, gas fields, nonce?, chainId); null when SKIPPED. */
  unsigned: Record<string, string | number> | null;
  expected: ExpectedCall | null;
  /** The contract method and its inputs, for display (annotatedTransaction). */
  annotation: { method: string; inputs: Record<string, string> };
  gasEstimate: string | null;
  hash: Hex | null;
  /** Account-abstracted clients: the user operation inside the reported bundle transaction. */
  userOpHash: Hex | null;
  createdAt: string;
  broadcastedAt: string | null;
  confirmedAt: string | null;
  error: string | null;
}

export interface StoredAction {
  id: string;
  clientId: string;
  intent: "enter" | "exit" | "manage";
  type: string;
  yieldId: string;
  /** eip155 reference of the yield's network. */
  reference: number;
  address: Address;
  accountAbstracted: boolean;
  amount: string | null;
  amountRaw: string | null;
  amountUsd: string | null;
  rawArguments: Record<string, unknown> | null;
  createdAt: string;
  completedAt: string | null;
  status: ActionStatus;
  transactions: StoredTransaction[];
}

export class ActionStore implements PersistedSection {
  private readonly actions: StoredAction[] = [];
  private readonly byTransaction = new Map<string, { action: StoredAction; tx: StoredTransaction }>();
  private readonly reportedHashes = new Map<string, string>();

  constructor(private readonly onChange: () => void = () => {}) {}

  add(action: StoredAction): void {
    this.actions.push(action);
    this.index(action);
    this.onChange();
  }

  transaction(id: string): { action: StoredAction; tx: StoredTransaction } | undefined {
    return this.byTransaction.get(id);
  }

  /** The yield transaction a hash was reported for on a chain, if any. */
  transactionOfHash(reference: number, hash: string): string | undefined {
    return this.reportedHashes.get(`${reference}:${hash.toLowerCase()}`);
  }

  recordHash(reference: number, hash: string, transactionId: string): void {
    this.reportedHashes.set(`${reference}:${hash.toLowerCase()}`, transactionId);
    this.onChange();
  }

  /** A client's actions for an address, newest first. */
  list(clientId: string, address: string): StoredAction[] {
    const wanted = address.toLowerCase();
    return this.actions.filter((a) => a.clientId === clientId && a.address.toLowerCase() === wanted).reverse();
  }

  changed(): void {
    this.onChange();
  }

  dump(): { actions: StoredAction[] } {
    return { actions: this.actions };
  }

  load(data: unknown): void {
    const saved = (data ?? {}) as { actions?: StoredAction[] };
    for (const action of saved.actions ?? []) {
      this.actions.push(action);
      this.index(action);
    }
  }

  private index(action: StoredAction): void {
    for (const tx of action.transactions) {
      this.byTransaction.set(tx.id, { action, tx });
      if (tx.hash) this.reportedHashes.set(`${action.reference}:${tx.hash.toLowerCase()}`, tx.id);
    }
  }
}
