/**
 * One local EVM chain: an EDR provider with the genesis contracts, a journal that lets it survive a
 * restart, a block follower that reports transfers, and the faucet.
 */
import { type Address, type Hex, encodeFunctionData, erc20Abi, isHex, keccak256, toHex } from "viem";
import { artifact, type Artifacts } from "../solidity/compile";
import type { ChainTransfer, TestToken } from "../types";
import { faucetOperator } from "./accounts";
import { createEdrProvider, type EdrProvider } from "./edr";
import { RPC_INTERNAL, RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND, RpcError, toRpcError } from "./errors";
import type { ExtensionPlan } from "./extensions";
import { suggestFees } from "./fees";
import { type GenesisContracts, deployGenesis } from "./genesis";
import { Journal } from "./journal";
import { KeyedLock } from "./lock";
import { classifyMethod } from "./policy";
import { replayJournal } from "./replay";
import { parseSimulateParams, simulateCalls } from "./simulate";
import { NATIVE_DRIP_WEI, TEST_TOKEN_SPECS, dripAmount } from "./test-tokens";
import { type RpcBlock, transfersInBlock } from "./transfers";

export interface LocalChainOptions {
  reference: number;
  artifacts: Artifacts;
  /** What the chain deploys and funds at start beyond the faucet and tokens (sandbox/genesis-extensions.ts). */
  extensions: ExtensionPlan;
  /** Where the journal lives; undefined keeps the chain in memory only. */
  journalFile?: string;
  /** 0 mines a block per transaction; above 0, a block every that many milliseconds. */
  blockTimeMs: number;
  /**
   * The height a new chain starts at (empty blocks mined at once, before the genesis contracts), so the
   * seeded history's blocks lie below its head; a restarted chain keeps the height its journal names.
   */
  startHead?: number;
  onTransfer: (transfer: ChainTransfer) => void;
  log: (message: string) => void;
}

/** Recipients per faucet transaction: ≈170k gas each, well under the per-transaction gas cap of 2^24. */
const DRIP_BATCH = 40;
const DRIP_GAS_BASE = 150_000n;
const DRIP_GAS_PER_RECIPIENT = 250_000n;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const quantity = (v: unknown) => Number(typeof v === "string" ? BigInt(v) : (v as number));

export class LocalChain {
  readonly caip2: string;
  /** Raw transactions sent but not yet journaled, by hash (the hash of a signed transaction is keccak256 of its bytes). */
  private readonly pendingRaw = new Map<Hex, Hex>();
  private readonly funded = new Set<string>();
  /** Faucet transactions not yet mined: their recipients are journaled as funded with the block, not before. */
  private readonly pendingDrips = new Map<Hex, Address[]>();
  /** Seconds the chain clock runs ahead of the wall clock because of time methods; replay restores it. */
  private clockOffset = 0;
  private lastFollowed = 0;
  private followTail: Promise<void> = Promise.resolve();
  private followTimer: NodeJS.Timeout | undefined;
  private readonly faucetLock = new KeyedLock();
  private closed = false;
  /**
   * Resolves when nothing holds the chain (see hold()): while a simulation runs (its calls mined on a
   * snapshot that is then reverted) or the clock moves, every other request waits, so no transaction
   * is lost with the snapshot, no read sees simulated state, and no send is mined among blocks the
   * follower skips as empty.
   */
  private held: Promise<void> = Promise.resolve();
  /** Sends in flight; a hold starts only when there are none. */
  private sends = 0;
  private sendsDone: (() => void)[] = [];

  private constructor(
    private readonly provider: EdrProvider,
    private readonly options: LocalChainOptions,
    readonly contracts: GenesisContracts,
    private readonly journal: Journal,
  ) {
    this.caip2 = `eip155:${options.reference}`;
  }

  static async start(options: LocalChainOptions): Promise<LocalChain> {
    const journal = new Journal(options.journalFile);
    const entries = journal.read();
    const first = entries[0];
    if (first && first.t !== "genesis")
      throw new Error(`Journal ${options.journalFile} does not start with a genesis entry`);
    const genesisTs = first?.ts ?? nowSeconds();
    const head = first ? (first.head ?? 0) : Math.max(0, options.startHead ?? 0);
    if (!first) journal.append({ t: "genesis", ts: genesisTs, ...(head > 0 ? { head } : {}) });

    const provider = await createEdrProvider({ chainId: options.reference, genesisTime: new Date(genesisTs * 1000) });
    // hardhat_mine reserves any number of empty blocks at once (interval 0: they keep the genesis time).
    if (head > 0) await provider.request({ method: "hardhat_mine", params: [toHex(head), "0x0"] });
    const contracts = await deployGenesis(provider, options.reference, options.artifacts, options.extensions);
    const chain = new LocalChain(provider, options, contracts, journal);
    const replayed = await replayJournal((method, params) => provider.request({ method, params }), entries);
    for (const address of replayed.funded) chain.funded.add(address.toLowerCase());
    if (replayed.blocks > 0)
      options.log(
        `${chain.caip2}: replayed ${replayed.blocks} blocks from the journal${replayed.rejected ? ` (${replayed.rejected} entries rejected)` : ""}`,
      );
    chain.clockOffset = replayed.clockOffset;
    await chain.applyMiningMode();
    chain.lastFollowed = Number(await chain.raw("eth_blockNumber"));
    // New blocks are followed on three signals, none relied on alone: the engine's newHeads message, the
    // end of every send and state change made here (under automine the block is there when the send
    // returns), and, under interval mining, a look every block time. Under load a newHeads message was
    // seen to go unanswered (read before its block could be), and the transfer waited for the next
    // block to be reported: 84 s for a faucet drip in a stress run.
    provider.on("message", () => void chain.follow());
    await chain.raw("eth_subscribe", ["newHeads"]);
    if (options.blockTimeMs > 0) {
      chain.followTimer = setInterval(() => void chain.follow(), options.blockTimeMs);
      chain.followTimer.unref();
    }
    await chain.stockReserves();
    return chain;
  }

  /** A JSON-RPC call as the public endpoint sees it: filtered by policy, journaled when it changes state. */
  async request(method: string, params: unknown[] = []): Promise<unknown> {
    try {
      return await this.dispatch(method, params);
    } catch (e) {
      throw toRpcError(e);
    }
  }

  private async dispatch(method: string, params: unknown[]): Promise<unknown> {
    if (this.closed) throw new RpcError(RPC_INTERNAL, `Chain ${this.caip2} is shut down`);
    if (method === "eth_simulateV1") return this.simulate(params);
    await this.held;
    switch (classifyMethod(method)) {
      case "read":
        return this.raw(method, params);
      case "send":
        return this.sendRaw(params[0]);
      case "state":
        return this.followed(
          this.exclusive(async () => {
            const result = await this.raw(method, params);
            this.journal.append({ t: "state", method, params });
            return result;
          }),
        );
      case "clock":
        // Held, not only exclusive: a send mined between the pending check and the mining would land in
        // a block the follower skips as empty, and its transfer would never raise an alert.
        return this.followed(
          this.hold(async () => {
            // hardhat_mine can mine millions of blocks at once; when nothing is pending they are all
            // empty, so the follower may skip them instead of reading each one.
            const pending = (await this.raw("eth_getBlockByNumber", ["pending", false])) as { transactions: unknown[] };
            const result = await this.raw(method, params);
            await this.trackClock(method, params);
            if (method === "hardhat_mine" && pending.transactions.length === 0)
              this.lastFollowed = Number(await this.raw("eth_blockNumber"));
            return result;
          }),
        );
      default:
        throw new RpcError(
          RPC_METHOD_NOT_FOUND,
          `Method ${method} is not available on the sandbox chain ${this.caip2}`,
        );
    }
  }

  /**
   * eth_simulateV1 (./simulate.ts): the calls run on a snapshot of the latest state, which is then
   * reverted. The chain is held throughout, so the simulated blocks are never journaled or reported
   * as transfers.
   */
  private simulate(params: unknown[]): Promise<unknown> {
    const request = parseSimulateParams(params);
    return this.hold(() => simulateCalls((m, p) => this.raw(m, p), request));
  }

  /**
   * Runs `work` with the chain to itself: other requests wait (this.held), sends in flight finish
   * first, and the block follower is paused (exclusive).
   */
  private async hold<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.held;
    let release!: () => void;
    this.held = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
    await previous;
    try {
      if (this.sends > 0) await new Promise<void>((resolve) => this.sendsDone.push(resolve));
      return await this.exclusive(work);
    } finally {
      release();
    }
  }

  /** Pays every address not yet funded on this chain: native coin and each test token (amounts in test-tokens.ts). */
  fund(addresses: readonly Address[]): Promise<void> {
    return this.faucetLock.run("faucet", async () => {
      const todo = [...new Map(addresses.map((a) => [a.toLowerCase(), a])).values()].filter(
        (a) => !this.funded.has(a.toLowerCase()),
      );
      const tokens = this.contracts.tokens.map((t) => t.address);
      const amounts = TEST_TOKEN_SPECS.map(dripAmount);
      for (let i = 0; i < todo.length; i += DRIP_BATCH) {
        const batch = todo.slice(i, i + DRIP_BATCH);
        const raw = await this.signDrip(batch, NATIVE_DRIP_WEI, tokens, amounts);
        // Registered before sending: under automine the block can be followed before the send returns.
        const hash = keccak256(raw);
        this.pendingDrips.set(hash, batch);
        try {
          await this.sendRaw(raw);
        } catch (e) {
          this.pendingDrips.delete(hash);
          throw e;
        }
        for (const address of batch) this.funded.add(address.toLowerCase());
      }
    });
  }

  /**
   * Stocks the sandbox's reserves (the yield reward distributor, in the extension plan) from the faucet when
   * one holds less than half its amount: on a fresh chain, or a chain whose journal predates it. The
   * drip is an ordinary journaled transaction, so a restart replays it instead of paying again.
   */
  private stockReserves(): Promise<void> {
    return this.faucetLock.run("faucet", async () => {
      const tokens = this.contracts.tokens.map((t) => t.address);
      for (const reserve of this.options.extensions.reserves) {
        const amounts = this.contracts.tokens.map((t) => reserve.tokens[t.symbol]);
        const probe = this.contracts.tokens[0] as TestToken;
        const held = BigInt(
          (await this.raw("eth_call", [
            {
              to: probe.address,
              data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [reserve.address] }),
            },
            "latest",
          ])) as Hex,
        );
        if (held >= (amounts[0] as bigint) / 2n) continue;
        await this.sendRaw(await this.signDrip([reserve.address], reserve.nativeWei, tokens, amounts));
      }
    });
  }

  private async signDrip(
    recipients: readonly Address[],
    nativeWei: bigint,
    tokens: readonly Address[],
    amounts: readonly bigint[],
  ): Promise<Hex> {
    const data = encodeFunctionData({
      abi: artifact(this.options.artifacts, "Faucet").abi,
      functionName: "drip",
      args: [recipients, nativeWei, tokens, amounts],
    });
    const nonce = Number(await this.raw("eth_getTransactionCount", [faucetOperator.address, "pending"]));
    const fees = await suggestFees((m, p) => this.raw(m, p));
    const gas = DRIP_GAS_BASE + DRIP_GAS_PER_RECIPIENT * BigInt(recipients.length);
    return faucetOperator.signTransaction({
      type: "eip1559",
      chainId: this.options.reference,
      nonce,
      to: this.contracts.faucet,
      data,
      gas,
      ...fees,
    });
  }

  isFunded(address: Address): boolean {
    return this.funded.has(address.toLowerCase());
  }

  /** `work`'s answer, with the blocks it mined queued to be followed (not awaited: the caller has its answer). */
  private async followed<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      void this.follow();
    }
  }

  /** Resolves once every block mined so far has been journaled and its transfers reported. */
  follow(): Promise<void> {
    if (this.closed) return this.followTail;
    this.followTail = this.followTail
      .then(() => this.catchUp())
      .catch((e: unknown) => this.options.log(`${this.caip2}: block follower failed: ${String(e)}`));
    return this.followTail;
  }

  /**
   * Runs a state or clock change between two follower passes: blocks mined before it are journaled
   * before it, and no block is read while it runs.
   */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.followTail.then(async () => {
      await this.catchUp();
      return work();
    });
    this.followTail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.follow();
    this.closed = true;
    clearInterval(this.followTimer);
    this.provider.removeAllListeners("message");
    // Stops EDR's mining timer so nothing keeps running for a chain nobody can reach.
    await this.raw("evm_setIntervalMining", [0]).catch(() => undefined);
  }

  private raw(method: string, params: unknown[] = []): Promise<unknown> {
    return this.provider.request({ method, params });
  }

  private async sendRaw(raw: unknown): Promise<unknown> {
    if (typeof raw !== "string" || !isHex(raw) || raw.length < 4)
      throw new RpcError(RPC_INVALID_PARAMS, "eth_sendRawTransaction expects one hex-encoded signed transaction");
    await this.held;
    this.sends++;
    try {
      return await this.followed(this.sendHeld(raw));
    } finally {
      if (--this.sends === 0) for (const done of this.sendsDone.splice(0)) done();
    }
  }

  private async sendHeld(raw: Hex): Promise<unknown> {
    const hash = keccak256(raw);
    const known = this.pendingRaw.has(hash);
    this.pendingRaw.set(hash, raw);
    try {
      return await this.raw("eth_sendRawTransaction", [raw]);
    } catch (e) {
      if (!known) this.pendingRaw.delete(hash);
      throw toRpcError(e);
    }
  }

  private async trackClock(method: string, params: unknown[]): Promise<void> {
    if (method === "evm_increaseTime") this.clockOffset += quantity(params[0]);
    else if (method === "evm_setNextBlockTimestamp") this.clockOffset = quantity(params[0]) - nowSeconds();
    else {
      const latest = (await this.raw("eth_getBlockByNumber", ["latest", false])) as { timestamp: Hex };
      this.clockOffset = Math.max(0, Number(latest.timestamp) - nowSeconds());
    }
    this.journal.append({ t: "clock", offset: this.clockOffset });
  }

  private async catchUp(): Promise<void> {
    const head = Number(await this.raw("eth_blockNumber"));
    while (this.lastFollowed < head) {
      const n = this.lastFollowed + 1;
      const block = (await this.raw("eth_getBlockByNumber", [toHex(n), true])) as RpcBlock;
      if (block.transactions.length > 0) {
        const txs: Hex[] = [];
        for (const tx of block.transactions) {
          const raw = this.pendingRaw.get(tx.hash);
          if (raw) txs.push(raw);
          else
            this.options.log(
              `${this.caip2}: transaction ${tx.hash} in block ${n} was not sent through the sandbox; it will not survive a restart`,
            );
          this.pendingRaw.delete(tx.hash);
        }
        this.journal.append({ t: "block", n, ts: Number(block.timestamp), txs });
        for (const tx of block.transactions) {
          for (const address of this.pendingDrips.get(tx.hash) ?? []) this.journal.append({ t: "funded", address });
          this.pendingDrips.delete(tx.hash);
        }
        const transfers = await transfersInBlock((m, p) => this.raw(m, p), this.caip2, block, this.contracts);
        for (const transfer of transfers) {
          try {
            this.options.onTransfer(transfer);
          } catch (e) {
            this.options.log(`${this.caip2}: transfer listener failed: ${String(e)}`);
          }
        }
      }
      this.lastFollowed = n;
    }
  }

  private async applyMiningMode(): Promise<void> {
    if (this.options.blockTimeMs <= 0) return;
    await this.raw("evm_setAutomine", [false]);
    await this.raw("evm_setIntervalMining", [this.options.blockTimeMs]);
  }
}
