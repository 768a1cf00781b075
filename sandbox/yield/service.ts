/**
 * The yield provider's behaviour, independent of HTTP, as one object the routes call. Each job has its
 * own module: the catalogue's filters (listing.ts), building enter / exit / manage actions (intents.ts,
 * create-action.ts), positions (yield-balances.ts), how actions move on (progress.ts), the submit-hash
 * rules (submit-hash.ts) and the API's JSON (json.ts).
 */
import type { z } from "zod";
import type {
  EnterYieldBody,
  ExitYieldBody,
  ManageYieldBody,
  YieldBalancesBody,
  listYieldActionsQuerySchema,
} from "@/lib/contracts";
import { KeyedLock } from "../chain/lock";
import { notFound } from "../http/errors";
import type { ChainRegistry, ClientRecord } from "../types";
import { DEFAULT_LIMIT, type YieldContext } from "./context";
import { enter, exit, manage } from "./intents";
import { type ListYieldsQuery, listYields } from "./listing";
import { PassthroughSigner } from "./passthrough";
import { refreshAction } from "./progress";
import { ActionStore, type StoredAction, type StoredTransaction } from "./store";
import { submitHashLocked } from "./submit-hash";
import { yieldBalances } from "./yield-balances";

export type ListActionsQuery = z.output<typeof listYieldActionsQuerySchema>;

export interface YieldServiceOptions {
  chains: ChainRegistry;
  /** Key of the passthrough HMAC (the sandbox derives it from the custodian API key). */
  passthroughKey: string;
  store?: ActionStore;
  now?: () => number;
  /** SANDBOX_YIELD_STALE_MS. */
  staleMs?: number;
}

export class YieldService {
  readonly store: ActionStore;
  private readonly context: YieldContext;
  private readonly locks = new KeyedLock();

  constructor(options: YieldServiceOptions) {
    this.store = options.store ?? new ActionStore();
    this.context = {
      chains: options.chains,
      signer: new PassthroughSigner(options.passthroughKey),
      store: this.store,
      now: options.now ?? Date.now,
      staleMs: options.staleMs,
    };
  }

  listYields(query: ListYieldsQuery, origin: string) {
    return listYields(query, origin);
  }

  enter(client: ClientRecord, body: EnterYieldBody): Promise<StoredAction> {
    return enter(this.context, client, body);
  }

  exit(client: ClientRecord, body: ExitYieldBody): Promise<StoredAction> {
    return exit(this.context, client, body);
  }

  manage(client: ClientRecord, body: ManageYieldBody): Promise<StoredAction> {
    return manage(this.context, client, body);
  }

  balances(client: ClientRecord, body: YieldBalancesBody, origin: string) {
    return yieldBalances(this.context, client, body, origin);
  }

  /** GET /actions: statuses are brought up to date before filtering on them. */
  async history(client: ClientRecord, query: ListActionsQuery) {
    let actions = this.store.list(client.id, query.address);
    if (query.intent !== undefined) actions = actions.filter((a) => a.intent === query.intent);
    if (query.type !== undefined) actions = actions.filter((a) => a.type === query.type);
    if (query.yieldId !== undefined) actions = actions.filter((a) => a.yieldId === query.yieldId);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (query.status !== undefined) {
      for (const a of actions) await this.refresh(a);
      actions = actions.filter((a) => a.status === query.status);
    }
    const page = actions.slice(offset, offset + limit);
    for (const a of page) await this.refresh(a);
    return { items: page, total: actions.length, offset, limit };
  }

  /** PUT /transactions/{id}/submit-hash: one report at a time per action. */
  submitHash(
    client: ClientRecord,
    transactionId: string,
    hash: string,
  ): Promise<{ action: StoredAction; tx: StoredTransaction }> {
    const found = this.store.transaction(transactionId);
    if (!found || found.action.clientId !== client.id)
      return Promise.reject(notFound(`Transaction ${transactionId} not found`));
    return this.locks.run(found.action.id, () => submitHashLocked(this.context, found, hash));
  }

  refresh(action: StoredAction): Promise<void> {
    return refreshAction(this.context, action);
  }
}
