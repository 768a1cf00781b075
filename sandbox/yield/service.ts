/**
 * The yield provider's behaviour, independent of HTTP: the catalogue and its filters, building
 * enter / exit / manage actions from the chain's state, balances, history, and submit-hash with the
 * spec's processing rules (the hash must be the expected call from the action's address; steps are
 * confirmed one at a time in stepIndex order).
 */
import { randomUUID } from "node:crypto";
import {
  type Address,
  type Hex,
  decodeFunctionResult,
  encodeFunctionData,
  formatEther,
  formatUnits,
  getAddress,
  parseUnits,
  toHex,
} from "viem";
import { formatCaip2, isCaip2, isYieldNetwork, parseCaip2 } from "@/lib/chains";
import type {
  EnterYieldBody,
  ExitYieldBody,
  ManageYieldBody,
  YieldBalancesBody,
  YieldOpportunity,
  listYieldActionsQuerySchema,
  listYieldsQuerySchema,
} from "@/lib/contracts";
import type { z } from "zod";
import { ENTRY_POINT, decodeExecute, decodeHandleOps, userOperationEvents, userOperationHash } from "../aa";
import { nativeTokenOf } from "../admin/native-tokens";
import { estimateGas, suggestFees } from "../chain/fees";
import { KeyedLock } from "../chain/lock";
import { badRequest, notFound } from "../http/errors";
import type { ChainRegistry, ClientRecord } from "../types";
import { erc20Abi } from "./abi";
import { NETWORK_SLUGS } from "./catalogue-data";
import { OPPORTUNITIES, type Opportunity, findOpportunity, opportunityJson } from "./catalogue";
import { PassthroughSigner } from "./passthrough";
import { balancesOf, isEmpty, readPosition } from "./positions";
import { usdValue } from "./prices";
import { type Step, approvalStep, enterStep, exitStep, manageStep } from "./steps";
import { ActionStore, type ActionStatus, type StoredAction, type StoredTransaction } from "./store";

export type ListYieldsQuery = z.output<typeof listYieldsQuerySchema>;
export type ListActionsQuery = z.output<typeof listYieldActionsQuerySchema>;

export interface YieldServiceOptions {
  chains: ChainRegistry;
  /** Key of the passthrough HMAC (the sandbox derives it from the custodian API key). */
  passthroughKey: string;
  store?: ActionStore;
  now?: () => number;
}

const DEFAULT_LIMIT = 20;
const SORTS = [
  "statusEnterAsc",
  "statusEnterDesc",
  "statusExitAsc",
  "statusExitDesc",
  "rewardRateAsc",
  "rewardRateDesc",
];
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

/** Extra gas on an estimated limit: an account-abstracted call runs inside execute(), behind the 63/64 rule. */
const AA_CALL_OVERHEAD = 30_000n;

type Requester = (method: string, params?: unknown[]) => Promise<unknown>;

interface RpcTransaction {
  from: Address;
  to: Address | null;
  input: Hex;
  value: Hex;
}

/** A network as queries give it (CAIP-2 or the provider's slug) → its CAIP-2 id and eip155 reference. */
export function resolveYieldNetwork(network: string): { caip2: string; reference?: number } | undefined {
  if (isCaip2(network)) {
    if (!isYieldNetwork(network)) return undefined;
    const parsed = parseCaip2(network);
    return { caip2: network, ...(parsed?.namespace === "eip155" ? { reference: Number(parsed.reference) } : {}) };
  }
  const entry = Object.entries(NETWORK_SLUGS).find(([, slug]) => slug === network);
  return entry ? { caip2: formatCaip2("eip155", entry[0]), reference: Number(entry[0]) } : undefined;
}

function matchesToken(o: Opportunity, token: string): boolean {
  const t = token.toLowerCase();
  return (
    o.token.symbol.toLowerCase() === t ||
    o.token.address?.toLowerCase() === t ||
    (t === "native" && o.token.address === null)
  );
}

export class YieldService {
  readonly store: ActionStore;
  private readonly signer: PassthroughSigner;
  private readonly now: () => number;
  private readonly locks = new KeyedLock();

  constructor(private readonly options: YieldServiceOptions) {
    this.store = options.store ?? new ActionStore();
    this.signer = new PassthroughSigner(options.passthroughKey);
    this.now = options.now ?? Date.now;
  }

  // ---- GET /yields ---------------------------------------------------------------------------

  listYields(
    query: ListYieldsQuery,
    origin: string,
  ): { items: YieldOpportunity[]; total: number; offset: number; limit: number } {
    if (query.sort !== undefined && !SORTS.includes(query.sort))
      throw badRequest(`sort: expected one of ${SORTS.join(", ")}`);
    let network: ReturnType<typeof resolveYieldNetwork>;
    if (query.network !== undefined) {
      network = resolveYieldNetwork(query.network);
      if (!network)
        throw badRequest(
          `network: ${query.network} is not a yield network (a CAIP-2 id of the spec's yield list, or its slug such as ethereum-sepolia)`,
        );
    }
    const search = query.search?.toLowerCase();
    let found = OPPORTUNITIES.filter(
      (o) =>
        (!network || o.chainId === network.caip2) &&
        (query.yieldId === undefined || o.id === query.yieldId) &&
        (query.type === undefined || o.mechanicsType === query.type) &&
        (query.token === undefined || matchesToken(o, query.token)) &&
        (query.inputToken === undefined || matchesToken(o, query.inputToken)) &&
        (query.provider === undefined || query.provider === "sandbox") &&
        (query.hasCooldownPeriod === undefined || query.hasCooldownPeriod === o.cooldownSeconds > 0) &&
        (query.hasWarmupPeriod === undefined || query.hasWarmupPeriod === false) &&
        (search === undefined || `${o.id} ${o.name} ${o.description}`.toLowerCase().includes(search)),
    );
    if (query.sort === "rewardRateAsc") found = [...found].sort((a, b) => a.rate - b.rate);
    if (query.sort === "rewardRateDesc") found = [...found].sort((a, b) => b.rate - a.rate);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    return {
      items: found.slice(offset, offset + limit).map((o) => opportunityJson(o, origin)),
      total: found.length,
      offset,
      limit,
    };
  }

  // ---- POST /actions/enter, /exit, /manage ------------------------------------------------------

  async enter(client: ClientRecord, body: EnterYieldBody): Promise<StoredAction> {
    const o = this.opportunity(body.yieldId);
    const address = this.walletOf(client, body.address);
    const amount = body.arguments?.amount;
    if (amount === undefined) throw badRequest("arguments.amount: is required");
    const raw = this.rawAmount(o, amount);
    if (raw < parseUnits(o.minimum, o.token.decimals))
      throw badRequest(`arguments.amount: ${amount} is below the entry minimum of ${o.minimum} ${o.token.symbol}`);
    if (o.maximum !== null && raw > parseUnits(o.maximum, o.token.decimals))
      throw badRequest(`arguments.amount: ${amount} is above the entry maximum of ${o.maximum} ${o.token.symbol}`);
    const request = this.requester(o);
    if (body.arguments?.skipPrechecks !== true) {
      const held =
        o.token.address === null
          ? await this.options.chains.nativeBalance(o.reference, address)
          : await this.options.chains.tokenBalance(o.reference, o.token.address, address);
      if (held < raw)
        throw badRequest(
          `arguments.amount: ${amount} ${o.token.symbol} is more than the wallet holds (${formatUnits(held, o.token.decimals)})`,
        );
    }
    const steps: Step[] = [];
    if (o.token.address !== null) {
      const allowance = decodeFunctionResult({
        abi: erc20Abi,
        functionName: "allowance",
        data: (await request("eth_call", [
          {
            to: o.token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [address, o.pool] }),
          },
          "pending",
        ])) as Hex,
      });
      steps.push(approvalStep(o, address, raw, allowance));
    }
    steps.push(enterStep(o, address, raw));
    return this.createAction(client, o, address, "enter", "STAKE", steps, raw, body.arguments ?? null);
  }

  async exit(client: ClientRecord, body: ExitYieldBody): Promise<StoredAction> {
    const o = this.opportunity(body.yieldId);
    const address = this.walletOf(client, body.address);
    const position = await readPosition(this.options.chains, o, address);
    if (position.active === 0n) throw badRequest(`address: ${address} has no active position in ${o.id}`);
    const useMax = body.arguments?.useMaxAmount === true;
    const amount = body.arguments?.amount;
    if (amount === undefined && !useMax)
      throw badRequest("arguments.amount: is required (or set useMaxAmount to exit the whole position)");
    let step: Step;
    let raw: bigint;
    if (useMax) {
      raw = position.active;
      step = exitStep(o, address, raw, o.spec.kind === "staking" ? undefined : position.shares);
    } else {
      raw = this.rawAmount(o, amount as string);
      if (raw > position.active)
        throw badRequest(
          `arguments.amount: ${amount} ${o.token.symbol} is more than the active position (${formatUnits(position.active, o.token.decimals)})`,
        );
      step = exitStep(o, address, raw);
    }
    return this.createAction(client, o, address, "exit", "UNSTAKE", [step], raw, body.arguments ?? null);
  }

  async manage(client: ClientRecord, body: ManageYieldBody): Promise<StoredAction> {
    const o = this.opportunity(body.yieldId);
    const address = this.walletOf(client, body.address);
    const content = this.signer.verify(body.passthrough);
    if (!content)
      throw badRequest(
        "passthrough: not a passthrough this provider issued; send the pending action's passthrough back unchanged",
      );
    if (content.yieldId !== o.id || content.address !== address.toLowerCase())
      throw badRequest(`passthrough: it belongs to another position (${content.yieldId} of ${content.address})`);
    if (content.type !== body.action)
      throw badRequest(`action: the passthrough is that of a ${content.type} pending action, not ${body.action}`);
    const position = await readPosition(this.options.chains, o, address);
    const balances = balancesOf(o, address, position, this.signer, "");
    const balance = balances.find((b) =>
      b.pendingActions.some((p) => p.type === body.action && p.passthrough === body.passthrough),
    );
    if (!balance) {
      const pending = balances.flatMap((b) => b.pendingActions.map((p) => p.type));
      throw badRequest(
        `action: ${body.action} is not a pending action of this position now (pending: ${pending.length > 0 ? pending.join(", ") : "none"})`,
      );
    }
    const raw = BigInt(balance.amountRaw);
    return this.createAction(
      client,
      o,
      address,
      "manage",
      body.action,
      [manageStep(o, body.action, raw)],
      raw,
      body.arguments ?? null,
    );
  }

  // ---- POST /yields/balances -------------------------------------------------------------------

  async balances(client: ClientRecord, body: YieldBalancesBody, origin: string) {
    const items: {
      yieldId: string;
      balances: ReturnType<typeof balancesOf>;
      rewardRate: YieldOpportunity["rewardRate"];
    }[] = [];
    const errors: { yieldId?: string; network: string; address: string; error: string }[] = [];
    const own = client.namespaces.eip155?.address?.toLowerCase();
    for (const query of body.queries) {
      const base = {
        network: query.network,
        address: query.address,
        ...(query.yieldId ? { yieldId: query.yieldId } : {}),
      };
      const network = resolveYieldNetwork(query.network);
      if (!network) {
        errors.push({ ...base, error: `${query.network} is not a yield network` });
        continue;
      }
      const candidates = OPPORTUNITIES.filter(
        (o) => o.chainId === network.caip2 && (query.yieldId === undefined || o.id === query.yieldId),
      );
      if (candidates.length === 0) {
        errors.push({
          ...base,
          error:
            query.yieldId !== undefined
              ? `No yield ${query.yieldId} on ${network.caip2}`
              : `The sandbox has no yields on ${network.caip2}; its yields are on ${[...new Set(OPPORTUNITIES.map((o) => o.chainId))].join(", ")}`,
        });
        continue;
      }
      if (!own || query.address.toLowerCase() !== own) {
        errors.push({ ...base, error: `Unknown address ${query.address}: it is not a wallet of this client` });
        continue;
      }
      const address = getAddress(query.address);
      for (const o of candidates) {
        try {
          const position = await readPosition(this.options.chains, o, address);
          if (isEmpty(position)) continue;
          items.push({
            yieldId: o.id,
            balances: balancesOf(o, address, position, this.signer, origin),
            rewardRate: opportunityJson(o, origin).rewardRate,
          });
        } catch (e) {
          errors.push({
            ...base,
            yieldId: o.id,
            error: `Could not read the position: ${e instanceof Error ? e.message : String(e)}`,
          });
        }
      }
    }
    return { items, errors };
  }

  // ---- GET /actions ----------------------------------------------------------------------------

  async history(client: ClientRecord, query: ListActionsQuery) {
    let actions = this.store.list(client.id, query.address);
    if (query.intent !== undefined) actions = actions.filter((a) => a.intent === query.intent);
    if (query.type !== undefined) actions = actions.filter((a) => a.type === query.type);
    if (query.yieldId !== undefined) actions = actions.filter((a) => a.yieldId === query.yieldId);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    // Statuses are brought up to date before filtering on them.
    if (query.status !== undefined) {
      for (const a of actions) await this.refresh(a);
      actions = actions.filter((a) => a.status === query.status);
    }
    const page = actions.slice(offset, offset + limit);
    for (const a of page) await this.refresh(a);
    return { items: page, total: actions.length, offset, limit };
  }

  // ---- PUT /transactions/{id}/submit-hash ------------------------------------------------------

  submitHash(
    client: ClientRecord,
    transactionId: string,
    hash: string,
  ): Promise<{ action: StoredAction; tx: StoredTransaction }> {
    const found = this.store.transaction(transactionId);
    if (!found || found.action.clientId !== client.id)
      return Promise.reject(notFound(`Transaction ${transactionId} not found`));
    // One report at a time per action: two concurrent reports of a step cannot both be accepted.
    return this.locks.run(found.action.id, () => this.submitHashLocked(found, hash));
  }

  private async submitHashLocked(
    found: { action: StoredAction; tx: StoredTransaction },
    hash: string,
  ): Promise<{ action: StoredAction; tx: StoredTransaction }> {
    const { action, tx } = found;
    if (!EVM_HASH.test(hash)) throw badRequest("hash: expected a 0x-prefixed 32-byte transaction hash");
    if (tx.status === "SKIPPED")
      throw badRequest(`Transaction ${tx.id} (${tx.title}) was skipped: there is nothing to submit`);
    if (tx.status !== "CREATED") {
      // A repeated report of the same hash (a retried PUT) is answered with the transaction as it is.
      if (tx.hash?.toLowerCase() === hash.toLowerCase()) return found;
      throw badRequest(`Transaction ${tx.id} is already ${tx.status} with hash ${tx.hash}`);
    }
    const other = this.store.transactionOfHash(action.reference, hash);
    if (other) throw badRequest(`hash: ${hash} was already reported for transaction ${other}`);
    await this.refresh(action);
    const before = action.transactions
      .filter((t) => t.stepIndex < tx.stepIndex && t.status !== "SKIPPED")
      .sort((a, b) => b.stepIndex - a.stepIndex)[0];
    if (before && before.status !== "CONFIRMED")
      throw badRequest(
        `Transaction ${tx.id} (step ${tx.stepIndex}) cannot be submitted before step ${before.stepIndex} (${before.title}) is confirmed; it is ${before.status}`,
      );

    const request: Requester = (method, params) => this.options.chains.request(action.reference, method, params);
    const onChain = (await request("eth_getTransactionByHash", [hash])) as RpcTransaction | null;
    if (!onChain) throw badRequest(`hash: no transaction ${hash} on eip155:${action.reference}`);
    const userOpHash = action.accountAbstracted
      ? this.matchUserOperation(action, tx, onChain)
      : this.matchTransaction(action, tx, onChain);

    tx.status = "BROADCASTED";
    tx.hash = hash.toLowerCase() as Hex;
    tx.userOpHash = userOpHash;
    tx.broadcastedAt = new Date(this.now()).toISOString();
    action.status = "PROCESSING";
    this.store.recordHash(action.reference, hash, tx.id);
    return found;
  }

  /** Moves broadcast transactions on by their receipts, then the action by its transactions. */
  async refresh(action: StoredAction): Promise<void> {
    let changed = false;
    for (const tx of action.transactions) {
      if (tx.status !== "BROADCASTED" || !tx.hash) continue;
      const receipt = (await this.options.chains.request(action.reference, "eth_getTransactionReceipt", [tx.hash])) as {
        status: Hex;
        transactionHash: Hex;
        logs: {
          address: Address;
          topics: Hex[];
          data: Hex;
          logIndex: Hex;
          transactionHash: Hex;
          blockHash: Hex;
          blockNumber: Hex;
        }[];
      } | null;
      if (!receipt) continue;
      let ok = receipt.status === "0x1";
      let error = ok ? null : "The transaction reverted";
      if (ok && tx.userOpHash) {
        const event = userOperationEvents(receipt).find(
          (e) => e.userOpHash.toLowerCase() === tx.userOpHash?.toLowerCase(),
        );
        ok = event?.success === true;
        if (!ok)
          error = event ? "The user operation's call reverted" : "The bundle does not include the user operation";
      }
      tx.status = ok ? "CONFIRMED" : "FAILED";
      tx.error = error;
      tx.confirmedAt = new Date(this.now()).toISOString();
      changed = true;
    }
    const status = actionStatus(action);
    if (status !== action.status) {
      action.status = status;
      if (status === "SUCCESS" || status === "FAILED") action.completedAt = new Date(this.now()).toISOString();
      changed = true;
    }
    if (changed) this.store.changed();
  }

  // ---- internals -------------------------------------------------------------------------------

  private opportunity(yieldId: string): Opportunity {
    const o = findOpportunity(yieldId);
    if (!o) throw badRequest(`yieldId: no yield ${yieldId}; GET /yields lists them`);
    return o;
  }

  /** The request's address, which must be the client's EVM wallet (its smart account if account-abstracted). */
  private walletOf(client: ClientRecord, address: string): Address {
    const own = client.namespaces.eip155?.address;
    if (!own) throw badRequest("address: the client has no EVM wallet yet (POST /v1/generate creates it)");
    if (address.toLowerCase() !== own.toLowerCase())
      throw badRequest(`address: ${address} is not this client's wallet (${own})`);
    return getAddress(own);
  }

  private rawAmount(o: Opportunity, amount: string): bigint {
    const fraction = amount.split(".")[1] ?? "";
    if (fraction.replace(/0+$/, "").length > o.token.decimals)
      throw badRequest(
        `arguments.amount: ${amount} has more decimal places than ${o.token.symbol}'s ${o.token.decimals}`,
      );
    return parseUnits(amount, o.token.decimals);
  }

  private requester(o: Opportunity): Requester {
    return (method, params) => this.options.chains.request(o.reference, method, params);
  }

  private async createAction(
    client: ClientRecord,
    o: Opportunity,
    address: Address,
    intent: StoredAction["intent"],
    type: string,
    steps: Step[],
    raw: bigint,
    rawArguments: Record<string, unknown> | null,
  ): Promise<StoredAction> {
    const request = this.requester(o);
    const accountAbstracted = client.isAccountAbstracted;
    const fees = await suggestFees(request);
    let nonce = accountAbstracted ? undefined : Number(await request("eth_getTransactionCount", [address, "pending"]));
    const createdAt = new Date(this.now()).toISOString();
    const native = nativeTokenOf(o.chainId);
    const transactions: StoredTransaction[] = [];
    let dependsOnEarlier = false;
    for (const [stepIndex, step] of steps.entries()) {
      const base = {
        id: randomUUID(),
        stepIndex,
        type: step.type,
        title: step.title,
        description: step.description,
        annotation: step.annotation,
        hash: null,
        userOpHash: null,
        createdAt,
        broadcastedAt: null,
        confirmedAt: null,
        error: null,
      };
      if (step.skipped) {
        transactions.push({ ...base, status: "SKIPPED", unsigned: null, expected: null, gasEstimate: null });
        continue;
      }
      let gas = step.fallbackGas;
      if (!dependsOnEarlier) {
        try {
          gas =
            (await estimateGas(request, { from: address, to: step.to, data: step.data, value: step.value })) +
            (accountAbstracted ? AA_CALL_OVERHEAD : 0n);
        } catch {
          // The call reverts as things stand (e.g. it needs an earlier step): the fallback limit is used.
        }
      }
      dependsOnEarlier = true;
      const unsigned: Record<string, string | number> = {
        from: address,
        to: step.to,
        data: step.data,
        value: toHex(step.value),
        gasLimit: toHex(gas),
        maxFeePerGas: toHex(fees.maxFeePerGas),
        maxPriorityFeePerGas: toHex(fees.maxPriorityFeePerGas),
        chainId: o.reference,
      };
      if (nonce !== undefined) unsigned.nonce = nonce++;
      transactions.push({
        ...base,
        status: "CREATED",
        unsigned,
        expected: { to: step.to, data: step.data, value: step.value.toString() },
        gasEstimate: JSON.stringify({
          amount: formatEther(gas * fees.maxFeePerGas),
          gasLimit: gas.toString(),
          token: native.symbol,
        }),
      });
    }
    const amount = formatUnits(raw, o.token.decimals);
    const action: StoredAction = {
      id: randomUUID(),
      clientId: client.id,
      intent,
      type,
      yieldId: o.id,
      reference: o.reference,
      address,
      accountAbstracted,
      amount,
      amountRaw: raw.toString(),
      amountUsd: usdValue(amount, o.token.symbol),
      rawArguments,
      createdAt,
      completedAt: null,
      status: "CREATED",
      transactions,
    };
    this.store.add(action);
    return action;
  }

  /** An EOA client's hash: sent from the action's address, to the expected contract, with the expected call. */
  private matchTransaction(action: StoredAction, tx: StoredTransaction, onChain: RpcTransaction): null {
    const expected = tx.expected;
    if (!expected) throw badRequest(`Transaction ${tx.id} has nothing to submit`);
    if (onChain.from.toLowerCase() !== action.address.toLowerCase())
      throw badRequest(
        `hash: the transaction was sent from ${getAddress(onChain.from)}, not from the action's address ${action.address}`,
      );
    if (onChain.to?.toLowerCase() !== expected.to.toLowerCase())
      throw badRequest(
        `hash: the transaction was sent to ${onChain.to ?? "no address (a deployment)"}, not to ${expected.to} (${tx.title})`,
      );
    if (onChain.input.toLowerCase() !== expected.data.toLowerCase())
      throw badRequest(`hash: the transaction's calldata is not that of ${tx.title} (${tx.annotation.method})`);
    if (BigInt(onChain.value) !== BigInt(expected.value))
      throw badRequest(
        `hash: the transaction carries ${BigInt(onChain.value)} wei; ${tx.title} carries ${expected.value}`,
      );
    return null;
  }

  /**
   * An account-abstracted client's hash is the bundle's transaction (eth_getUserOperationReceipt's
   * receipt.transactionHash): it must call the EntryPoint with a user operation of the action's smart
   * account whose call is the expected one. Returns that operation's hash.
   */
  private matchUserOperation(action: StoredAction, tx: StoredTransaction, onChain: RpcTransaction): Hex {
    const expected = tx.expected;
    if (!expected) throw badRequest(`Transaction ${tx.id} has nothing to submit`);
    if (onChain.to?.toLowerCase() !== ENTRY_POINT.toLowerCase())
      throw badRequest(
        `hash: for an account-abstracted client the hash is the bundle transaction of a user operation (to the EntryPoint ${ENTRY_POINT}); this one was sent to ${onChain.to}`,
      );
    const ops = decodeHandleOps(onChain.input) ?? [];
    const mine = ops.filter((op) => op.sender.toLowerCase() === action.address.toLowerCase());
    if (mine.length === 0)
      throw badRequest(`hash: the bundle has no user operation of the smart account ${action.address}`);
    const match = mine.find((op) => {
      const call = decodeExecute(op.callData);
      return (
        call &&
        call.to.toLowerCase() === expected.to.toLowerCase() &&
        call.data.toLowerCase() === expected.data.toLowerCase() &&
        call.value === BigInt(expected.value)
      );
    });
    if (!match)
      throw badRequest(
        `hash: the user operation of ${action.address} in that bundle does not make the call of ${tx.title} (${tx.annotation.method})`,
      );
    return userOperationHash(match, ENTRY_POINT, action.reference);
  }
}

function actionStatus(action: StoredAction): ActionStatus {
  const steps = action.transactions.filter((t) => t.status !== "SKIPPED");
  if (steps.some((t) => t.status === "FAILED")) return "FAILED";
  if (steps.length > 0 && steps.every((t) => t.status === "CONFIRMED")) return "SUCCESS";
  if (steps.some((t) => t.status !== "CREATED")) return "PROCESSING";
  return "CREATED";
}

/** The transaction object of the API (api-shapes §4.5): id and transactionId, unsignedTransaction as a JSON string. */
export function transactionJson(action: StoredAction, tx: StoredTransaction) {
  return {
    id: tx.id,
    transactionId: tx.id,
    title: tx.title,
    network: NETWORK_SLUGS[action.reference] ?? formatCaip2("eip155", action.reference),
    status: tx.status,
    type: tx.type,
    hash: tx.hash,
    createdAt: tx.createdAt,
    broadcastedAt: tx.broadcastedAt,
    signedTransaction: null,
    unsignedTransaction: tx.unsigned === null ? null : JSON.stringify(tx.unsigned),
    annotatedTransaction: tx.annotation,
    stepIndex: tx.stepIndex,
    description: tx.description,
    error: tx.error,
    gasEstimate: tx.gasEstimate,
    explorerUrl: null,
    isMessage: false,
  };
}

/** The action object of the API (api-shapes §4.4). */
export function actionJson(action: StoredAction) {
  return {
    id: action.id,
    intent: action.intent,
    type: action.type,
    yieldId: action.yieldId,
    address: action.address,
    amount: action.amount,
    amountRaw: action.amountRaw,
    amountUsd: action.amountUsd,
    transactions: action.transactions.map((tx) => transactionJson(action, tx)),
    executionPattern: "synchronous",
    rawArguments: action.rawArguments,
    createdAt: action.createdAt,
    completedAt: action.completedAt,
    status: action.status,
  };
}
