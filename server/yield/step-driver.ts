import "server-only";
import { toHex } from "viem";
import { unsignedEvmTransactionFromJsonSchema, type UnsignedEvmTransaction } from "@/lib/contracts";
import type { StepPart } from "@/lib/yield/runs";
import type { Actor } from "@/server/audit/append";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import type { Db } from "@/server/db";
import type { MpcClient, YieldClient } from "@/server/upstream";
import { sleep } from "@/server/upstream/retry";
import type { ChainRpc } from "@/server/wallets/chain-rpc";
import { releaseNonce, reserveNonce } from "@/server/wallets/nonces";
import type { YieldRunRow, YieldStepRow } from "./runs-store";
import { fencedStepUpdate, plusOne, type Fence } from "./step-store";

/** A step stopped at one of its parts; the message is for the people watching the run. */
export class StepFailure extends Error {
  override name = "StepFailure";
  constructor(
    readonly part: StepPart,
    message: string,
  ) {
    super(message);
  }
}

export interface StepDriverDeps {
  db: Db;
  run: YieldRunRow;
  fence: Fence;
  signal: AbortSignal;
  mpc: MpcClient;
  yields: YieldClient;
  rpc: ChainRpc;
  /** The client's SECP256K1 signing share, from the vault. */
  share: string;
  actor: Actor;
  /** Whether the run is still meant to go on (not abandoned). */
  stillRunning: () => Promise<boolean>;
  /** How often the chain is asked for a receipt; how long before a step is given up. */
  pollMs?: number;
  confirmTimeoutMs?: number;
}

/**
 * Test seam for the crash test, which ends the process at these points: "sent" right after the
 * signer answered and before its hash is recorded, "recorded" once the hash is recorded and before
 * it is reported. Nothing in the console sets it.
 */
export const stepTestHooks: { at?: (point: "sent" | "recorded", step: YieldStepRow) => void } = {};

const GAS_FIELDS = ["gas", "gasLimit", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"] as const;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Drives one step through the spec's rules: sign with /v1/sign eth_sendTransaction, report the hash
 * with submit-hash, wait for the receipt. Exactly once: before signing it records the nonce it will
 * sign with (and the block it starts at), and a resumed step looks on the chain for a transaction
 * (or user operation) with that nonce before it signs again; before reporting it records that it is
 * about to, and a resumed step asks the provider whether the hash already arrived. Pinning the nonce
 * also makes the chain refuse a second signature that raced the first.
 */
export class StepDriver {
  private readonly pollMs: number;
  private readonly confirmTimeoutMs: number;

  constructor(private readonly deps: StepDriverDeps) {
    this.pollMs = deps.pollMs ?? 250;
    this.confirmTimeoutMs = deps.confirmTimeoutMs ?? 10 * 60_000;
  }

  /** Brings the step to confirmed, resuming wherever an earlier attempt stopped; throws StepFailure. */
  async drive(initial: YieldStepRow): Promise<YieldStepRow> {
    let step = initial;
    if (step.phase === "failed")
      step = await this.update(step, {
        phase: step.transactionHash ? "broadcast" : "waiting",
        failedPart: null,
        error: null,
      });
    if (!step.transactionHash) {
      step = await this.part("sign", () => this.sign(step));
      stepTestHooks.at?.("recorded", step);
    }
    if (!step.reportedAt) step = await this.part("report", () => this.report(step));
    if (!step.confirmedAt) step = await this.part("confirm", () => this.confirm(step));
    return step;
  }

  private async part(part: StepPart, work: () => Promise<YieldStepRow>): Promise<YieldStepRow> {
    try {
      return await work();
    } catch (error) {
      if (this.deps.signal.aborted || error instanceof StepFailure) throw error;
      if ((error as Error)?.name === "JobInterruptedError") throw error;
      throw new StepFailure(part, message(error));
    }
  }

  private update(step: YieldStepRow, changes: Parameters<typeof fencedStepUpdate>[3]) {
    return fencedStepUpdate(this.deps.db, this.deps.fence, step, changes);
  }

  private transaction(step: YieldStepRow): UnsignedEvmTransaction {
    const parsed = unsignedEvmTransactionFromJsonSchema.safeParse(step.unsignedTransaction);
    if (!parsed.success) throw new StepFailure("sign", "The provider's unsigned transaction could not be read.");
    return parsed.data;
  }

  // --- sign ---------------------------------------------------------------------------------

  private async sign(initial: YieldStepRow): Promise<YieldStepRow> {
    const { run, rpc, signal } = this.deps;
    let step = initial;
    const tx = this.transaction(step);
    const from = run.address;

    if (step.userOperationHash) return this.awaitUserOperation(step, step.userOperationHash);
    if (step.signStartedAt && step.nonce !== null && step.fromBlock !== null) {
      const sent = await this.findSent(step);
      if (sent) return sent;
      // Not sent: it is signed again with the same nonce, if it still would not revert.
      await this.simulateOrStop(step, tx);
    } else {
      // Never a signature for a transaction that would revert: the provider built it on the state it
      // saw, and the steps before (or anyone else) may have changed that since.
      await this.simulateOrStop(step, tx);
      const nonce = run.isAccountAbstracted
        ? (await rpc.userOperationNonce(from, "pending", signal)).toString()
        : String(
            await reserveNonce(
              this.deps.db,
              run.clientId,
              run.chainId,
              await rpc.transactionCount(from, "pending", signal),
            ),
          );
      step = await this.update(step, {
        phase: "signing",
        nonce,
        fromBlock: await rpc.blockNumber(signal),
        signStartedAt: new Date(),
      });
    }

    // A run abandoned meanwhile signs nothing more (its job's cancel may take a heartbeat to arrive).
    if (!(await this.deps.stillRunning()))
      throw new StepFailure("sign", "The run was abandoned; this step was not signed.");
    // On record before anything is signed: if the record cannot be written, nothing is.
    await this.audit("yield.sign", step, "intent", { nonce: step.nonce, to: tx.to });
    const params: Record<string, unknown> = { ...tx, nonce: toHex(BigInt(step.nonce as string)) };
    if (run.stripGas) for (const field of GAS_FIELDS) delete params[field];
    step = await this.update(step, { signCalls: plusOne("signCalls") });
    const signed = await this.deps.mpc.sign({
      method: "eth_sendTransaction",
      params,
      share: this.deps.share,
      chainId: run.chainId,
      to: tx.to,
      rpcUrl: rpc.url,
    });
    const hash = signed.data;
    stepTestHooks.at?.("sent", step);
    if (run.isAccountAbstracted) {
      step = await this.update(step, { phase: "broadcast", userOperationHash: hash, signedAt: new Date() });
      return this.awaitUserOperation(step, hash);
    }
    step = await this.update(step, { phase: "broadcast", transactionHash: hash, signedAt: new Date() });
    await this.audit("yield.sign", step, "ok", { nonce: step.nonce, transactionHash: hash });
    return step;
  }

  /**
   * The transaction as the chain would run it now (eth_call from the acting address on the latest
   * state). If it would revert, nothing is signed: a nonce this step reserved and never used is given
   * back, and the step stops with the decoded reason; a retry (after the cause is fixed) simulates again.
   */
  private async simulateOrStop(step: YieldStepRow, tx: UnsignedEvmTransaction): Promise<void> {
    const { run, rpc, signal } = this.deps;
    const value = tx.value === undefined ? undefined : toHex(BigInt(tx.value));
    const outcome = await rpc.simulate({ from: run.address, to: tx.to, data: tx.data, value }, signal);
    if (outcome.ok) return;
    if (step.nonce !== null) {
      if (!run.isAccountAbstracted)
        await releaseNonce(this.deps.db, run.clientId, run.chainId, Number(step.nonce)).catch(() => false);
      await this.update(step, { phase: "waiting", nonce: null, fromBlock: null, signStartedAt: null });
    }
    throw new StepFailure("simulate", `It would revert: ${outcome.reason}. Nothing was signed.`);
  }

  /**
   * A resumed step whose signing was decided: what the chain shows for its nonce. Sent and mined: the
   * hash is recorded and signing is skipped. Sent but not mined (in the pool): wait for it. Not sent:
   * undefined, and it is signed again with the same nonce.
   */
  private async findSent(step: YieldStepRow): Promise<YieldStepRow | undefined> {
    const { run, rpc, signal } = this.deps;
    const fromBlock = step.fromBlock as number;
    const deadline = Date.now() + this.confirmTimeoutMs;
    for (;;) {
      if (run.isAccountAbstracted) {
        const nonce = BigInt(step.nonce as string);
        const found = await rpc
          .userOperationNonce(run.address, "latest", signal)
          .then((next) => (next > nonce ? rpc.findUserOperation(run.address, nonce, fromBlock, signal) : null));
        if (found) {
          const done = await this.update(step, {
            phase: "broadcast",
            userOperationHash: found.userOperationHash,
            transactionHash: found.transactionHash,
            signedAt: new Date(),
          });
          await this.audit("yield.sign", done, "ok", {
            nonce: step.nonce,
            transactionHash: found.transactionHash,
            resumed: true,
          });
          return done;
        }
        if ((await rpc.userOperationNonce(run.address, "pending", signal)) <= nonce) return undefined;
      } else {
        const nonce = Number(step.nonce);
        if ((await rpc.transactionCount(run.address, "latest", signal)) > nonce) {
          const hash = await rpc.findTransaction(run.address, nonce, fromBlock, signal);
          if (!hash)
            throw new StepFailure(
              "sign",
              `Nonce ${nonce} of ${run.address} was used by a transaction the console did not send; the step was not signed.`,
            );
          const done = await this.update(step, { phase: "broadcast", transactionHash: hash, signedAt: new Date() });
          await this.audit("yield.sign", done, "ok", { nonce: step.nonce, transactionHash: hash, resumed: true });
          return done;
        }
        if ((await rpc.transactionCount(run.address, "pending", signal)) <= nonce) return undefined;
      }
      if (Date.now() > deadline)
        throw new StepFailure("sign", "The transaction sent before the restart never got mined.");
      await sleep(this.pollMs, signal);
    }
  }

  /** An account-abstracted step: the bundle's transaction hash from the user operation's receipt (rule 5). */
  private async awaitUserOperation(step: YieldStepRow, userOperationHash: string): Promise<YieldStepRow> {
    const { rpc, signal } = this.deps;
    const deadline = Date.now() + this.confirmTimeoutMs;
    for (;;) {
      const receipt = await rpc.userOperationReceipt(userOperationHash, signal);
      if (receipt) {
        const done = await this.update(step, { transactionHash: receipt.receipt.transactionHash });
        await this.audit("yield.sign", done, "ok", {
          nonce: step.nonce,
          userOperationHash,
          transactionHash: receipt.receipt.transactionHash,
        });
        if (!receipt.success)
          throw new StepFailure("confirm", "The user operation was included but its call reverted.");
        return done;
      }
      if (Date.now() > deadline) throw new StepFailure("sign", "The user operation was not included in time.");
      await sleep(this.pollMs, signal);
    }
  }

  // --- report -------------------------------------------------------------------------------

  private async report(initial: YieldStepRow): Promise<YieldStepRow> {
    let step = initial;
    const hash = step.transactionHash as string;
    if (step.reportStartedAt && (await this.providerHasHash(step, hash))) {
      step = await this.update(step, { phase: "reported", reportedAt: new Date() });
      await this.audit("yield.report", step, "ok", { transactionHash: hash, resumed: true });
      return step;
    }
    await this.audit("yield.report", step, "intent", { transactionHash: hash });
    step = await this.update(step, {
      phase: "reporting",
      reportStartedAt: new Date(),
      reportCalls: plusOne("reportCalls"),
    });
    await this.deps.yields.submitHash(step.transactionId, { hash });
    step = await this.update(step, { phase: "reported", reportedAt: new Date() });
    await this.audit("yield.report", step, "ok", { transactionHash: hash });
    return step;
  }

  /** Whether the provider already holds this hash for the transaction (a report whose answer was lost). */
  private async providerHasHash(step: YieldStepRow, hash: string): Promise<boolean> {
    const { run, yields, signal } = this.deps;
    const history = await yields.actions({ address: run.address }, { signal });
    const action = history.data.rawResponse.items.find((a) => a.id === run.actionId);
    const tx = action?.transactions.find((t) => t.transactionId === step.transactionId);
    return typeof tx?.hash === "string" && tx.hash.toLowerCase() === hash.toLowerCase();
  }

  // --- confirm ------------------------------------------------------------------------------

  private async confirm(initial: YieldStepRow): Promise<YieldStepRow> {
    const { rpc, signal } = this.deps;
    const hash = initial.transactionHash as string;
    const deadline = Date.now() + this.confirmTimeoutMs;
    for (;;) {
      const receipt = await rpc.receipt(hash, signal);
      if (receipt) {
        if (receipt.status !== "0x1") throw new StepFailure("confirm", "The transaction was mined but reverted.");
        const step = await this.update(initial, { phase: "confirmed", confirmedAt: new Date() });
        await this.audit("yield.confirm", step, "ok", { transactionHash: hash, block: Number(receipt.blockNumber) });
        return step;
      }
      if (Date.now() > deadline) throw new StepFailure("confirm", "No receipt arrived in time.");
      await sleep(this.pollMs, signal);
    }
  }

  // --- audit --------------------------------------------------------------------------------

  private audit(action: string, step: YieldStepRow, outcome: "intent" | "ok", facts: Record<string, unknown>) {
    const { run, fence, actor } = this.deps;
    return appendJobAuditOnce(
      fence.jobRunId,
      {
        actor,
        action,
        target: run.clientId,
        outcome,
        input: { runId: run.id, yieldId: run.yieldId, stepIndex: step.stepIndex, title: step.title, ...facts },
      },
      `${run.id}:${step.stepIndex}:${outcome}:${step.signCalls}:${step.reportCalls}`,
    );
  }
}
