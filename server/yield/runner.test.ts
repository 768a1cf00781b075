import { eq } from "drizzle-orm";
import {
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  pad,
  toHex,
  type Hex,
} from "viem";
import { describe, expect, it } from "vitest";
import type { YieldRunView } from "@/lib/yield/runs";

/**
 * The yield runner end to end in one process: a test client's action previewed, then driven by the
 * job through the spec's rules against the sandbox's local chain, checked on the chain itself
 * (receipts, nonces), at the provider (history, positions) and in the console's records.
 */

const { makeTestClient, developer } = await import("@/testing/yield/console");
const { runnerTestBed } = await import("@/testing/yield/runner");
const { getDb, tables } = await import("@/server/db");
const { waitFor } = await import("@/testing/jobs/helpers");
const { previewAction } = await import("./preview");
const { startRun, retryRun, abandonRun } = await import("./control");
const { getRunView } = await import("./runs-store");
const { opportunities, positions, history } = await import("./reads");
const { simulateRun } = await import("./simulate-run");
const { ORPHAN_GRACE_MS, reconcileRuns } = await import("./reconcile");

const SEPOLIA = "eip155:11155111";

const bed = runnerTestBed();

const finished = (runId: string) =>
  waitFor(
    "the run to finish",
    async () => {
      const view = await getRunView(await getDb(), runId);
      return view.status !== "running" ? view : undefined;
    },
    60_000,
  );

const stepRows = async (runId: string) =>
  (await getDb()).select().from(tables.yieldRunSteps).where(eq(tables.yieldRunSteps.runId, runId));

async function usdcVault(clientId: string) {
  const list = await opportunities(clientId, { network: SEPOLIA, sort: "rate-desc" });
  const vault = list.find((o) => o.type === "lending" && o.token.symbol === "USDC");
  if (!vault) throw new Error("the sandbox offers no USDC vault on Sepolia");
  return vault;
}

/** A new test client's preview of entering the USDC vault on Sepolia (approve, then supply). */
async function previewVaultEntry(accountAbstracted: boolean, amount: string, stripGas: boolean) {
  const db = await getDb();
  const client = await makeTestClient(db, accountAbstracted);
  const vault = await usdcVault(client.clientId);
  const preview = await previewAction(developer, {
    intent: "enter",
    clientId: client.clientId,
    yieldId: vault.id,
    arguments: { amount },
    stripGas,
  });
  return { db, client, vault, preview };
}

/** What the chain and the provider say about a finished run. */
async function checkOnChainAndAtProvider(run: YieldRunView, clientId: string) {
  for (const step of run.steps) {
    expect(step.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await bed.h().rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [step.transactionHash]);
    expect(receipt.status, step.title ?? "").toBe("0x1");
  }
  const rows = await stepRows(run.id);
  expect(rows.map((r) => [r.signCalls, r.reportCalls])).toEqual(rows.map(() => [1, 1]));
  const recorded = (await history(clientId)).items.find((a) => a.id === run.actionId);
  expect(recorded?.transactions.map((t) => t.hash?.toLowerCase())).toEqual(
    run.steps.map((s) => s.transactionHash?.toLowerCase()),
  );
}

describe("a yield run", () => {
  it("previews the vault entry without signing, then signs, reports and confirms each step once, in order", async () => {
    const db = await getDb();
    const client = await makeTestClient(db, false);
    const vault = await usdcVault(client.clientId);
    const sentBefore = Number(
      await bed.h().rpc<string>(SEPOLIA, "eth_getTransactionCount", [client.address, "latest"]),
    );

    const preview = await previewAction(developer, {
      intent: "enter",
      clientId: client.clientId,
      yieldId: vault.id,
      arguments: { amount: "10" },
      stripGas: false,
    });
    expect(preview.status).toBe("preview");
    expect(preview.steps.map((s) => [s.stepIndex, s.type, s.phase])).toEqual([
      [0, "APPROVAL", "waiting"],
      [1, "SUPPLY", "waiting"],
    ]);
    // The approval names the vault as spender of 10 USDC (6 decimals), decoded for the preview.
    expect(preview.steps[0]?.call).toMatchObject({
      method: "approve",
      args: [{ name: "spender" }, { name: "amount", value: "10000000 (10 USDC)" }],
    });
    // Nothing was sent by the preview.
    expect(Number(await bed.h().rpc<string>(SEPOLIA, "eth_getTransactionCount", [client.address, "latest"]))).toBe(
      sentBefore,
    );

    await startRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    expect(done.steps.map((s) => s.phase)).toEqual(["confirmed", "confirmed"]);
    // One transaction per step, with the nonces in step order.
    expect(Number(await bed.h().rpc<string>(SEPOLIA, "eth_getTransactionCount", [client.address, "latest"]))).toBe(
      sentBefore + 2,
    );
    expect(done.steps.map((s) => Number(s.nonce))).toEqual([sentBefore, sentBefore + 1]);
    await checkOnChainAndAtProvider(done, client.clientId);

    const held = await positions(client.clientId, [SEPOLIA]);
    const active = held.items.find((i) => i.yieldId === vault.id)?.balances.find((b) => b.type === "active");
    expect(Number(active?.amount)).toBeGreaterThanOrEqual(10);
    expect(Number(active?.amount)).toBeLessThan(10.001);
  }, 90_000);

  it("runs an account-abstracted client's steps as user operations, reporting the bundles' transaction hashes", async () => {
    const { client, preview } = await previewVaultEntry(true, "10", true);
    await startRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.status).toBe("succeeded");
    for (const step of done.steps) {
      expect(step.userOperationHash).toMatch(/^0x[0-9a-f]{64}$/);
      const receipt = await bed
        .h()
        .rpc<{ receipt: { transactionHash: string } }>(SEPOLIA, "eth_getUserOperationReceipt", [
          step.userOperationHash,
        ]);
      expect(receipt.receipt.transactionHash).toBe(step.transactionHash);
    }
    expect(done.steps.map((s) => Number(s.nonce))).toEqual([0, 1]);
    await checkOnChainAndAtProvider(done, client.clientId);
  }, 90_000);

  it("stops at the part that failed, and a retry resumes there without signing again", async () => {
    const { preview } = await previewVaultEntry(false, "5", false);
    // The provider refuses every report for a while (more than the client's retries).
    await bed.rules([{ path: "/submit-hash", fault: "500" }]);
    await startRun(developer, preview.id);
    const failed = await finished(preview.id);
    expect(failed.status).toBe("failed");
    expect(failed.steps[0]).toMatchObject({ phase: "failed", failedPart: "report" });
    expect(failed.error).toMatch(/^Step 1 \(.+\) failed at report/);
    expect(failed.steps[0]?.transactionHash).toMatch(/^0x/);

    await bed.rules([]);
    await retryRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.status).toBe("succeeded");
    const rows = (await stepRows(preview.id)).sort((a, b) => a.stepIndex - b.stepIndex);
    // Signed once; reported again only because the first report never reached the provider.
    expect(rows[0]?.signCalls).toBe(1);
    expect(rows[0]?.reportCalls).toBe(2);
    expect(rows[1]?.signCalls).toBe(1);
    expect(done.steps[0]?.transactionHash).toBe(failed.steps[0]?.transactionHash);
  }, 90_000);

  it("asks the chain before signing: an account-abstracted client's step that would revert is stopped with its reason, nothing signed; a retry after the fix signs it once", async () => {
    const { vault, preview } = await previewVaultEntry(true, "100", true);
    // The smart account's USDC goes away after the preview: TestToken.sol keeps balanceOf at slot 3.
    const usdc = vault.token.address as Hex;
    const account = preview.address as Hex;
    const slot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account, 3n]));
    const balanceOf = async () =>
      decodeFunctionResult({
        abi: erc20Abi,
        functionName: "balanceOf",
        data: await bed
          .h()
          .rpc<Hex>(SEPOLIA, "eth_call", [
            { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [account] }) },
            "latest",
          ]),
      });
    const held = await balanceOf();
    await bed.h().rpc(SEPOLIA, "hardhat_setStorageAt", [usdc, slot, pad(toHex(1_000_000n), { size: 32 })]);
    expect(await balanceOf()).toBe(1_000_000n);

    await startRun(developer, preview.id);
    const stopped = await finished(preview.id);
    expect(stopped.status).toBe("failed");
    expect(stopped.steps.map((s) => [s.phase, s.failedPart])).toEqual([
      ["confirmed", null],
      ["failed", "simulate"],
    ]);
    expect(stopped.error).toBe(
      "Step 2 (" +
        (stopped.steps[1]?.title ?? stopped.steps[1]?.type) +
        ") failed at simulate: It would revert: ERC20: transfer amount exceeds balance. Nothing was signed.",
    );
    let rows = (await stepRows(preview.id)).sort((a, b) => a.stepIndex - b.stepIndex);
    expect(rows[1]).toMatchObject({ signCalls: 0, userOperationHash: null, nonce: null });

    await bed.h().rpc(SEPOLIA, "hardhat_setStorageAt", [usdc, slot, pad(toHex(held), { size: 32 })]);
    await retryRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.status).toBe("succeeded");
    rows = (await stepRows(preview.id)).sort((a, b) => a.stepIndex - b.stepIndex);
    expect(rows.map((r) => r.signCalls)).toEqual([1, 1]);
    expect(await balanceOf()).toBe(held - 100_000_000n);
  }, 90_000);

  it("simulates a preview's steps on the chain before anything is signed, an account-abstracted client's from its smart account", async () => {
    const { vault, preview } = await previewVaultEntry(true, "10", true);
    const blockBefore = await bed.h().rpc<Hex>(SEPOLIA, "eth_blockNumber", []);
    const sim = await simulateRun(preview.id);
    expect(sim).toMatchObject({ mode: "all", address: preview.address });
    expect(sim.steps.map((s) => s.outcome)).toEqual(["success", "success"]);
    expect(sim.steps[0]?.changes).toEqual([]);
    // The deposit: exactly 10 USDC (10 × 10^6 base units) leaves the smart account; vault shares arrive.
    const usdc = sim.steps[1]?.changes.find((c) => c.token === (vault.token.address as string).toLowerCase());
    expect(usdc).toMatchObject({ raw: (-10_000_000n).toString(), amount: "−10", symbol: "USDC", decimals: 6 });
    expect(sim.steps[1]?.changes.some((c) => BigInt(c.raw) > 0n)).toBe(true);
    // Nothing was signed or mined.
    expect(await bed.h().rpc<Hex>(SEPOLIA, "eth_blockNumber", [])).toBe(blockBefore);
    expect((await stepRows(preview.id)).map((r) => r.signCalls)).toEqual([0, 0]);
  }, 60_000);

  it("the reconciler finds a step broadcast but never reported, with the chain's word; Retry reports it without a second signature", async () => {
    const { db, preview } = await previewVaultEntry(false, "3", false);
    await bed.rules([{ path: "/submit-hash", fault: "500" }]);
    await startRun(developer, preview.id);
    const failed = await finished(preview.id);
    expect(failed.steps[0]).toMatchObject({ phase: "failed", failedPart: "report" });
    const hash = failed.steps[0]?.transactionHash as Hex;

    const pass = await reconcileRuns();
    expect(pass.flagged).toBeGreaterThanOrEqual(1);
    const flagged = await getRunView(db, preview.id);
    const receipt = await bed.h().rpc<{ status: Hex; blockNumber: Hex }>(SEPOLIA, "eth_getTransactionReceipt", [hash]);
    expect(flagged.reconciliation?.findings).toEqual([
      {
        stepIndex: 0,
        kind: "unreported",
        transactionHash: hash,
        onChain: {
          status: receipt.status === "0x1" ? "success" : "reverted",
          blockNumber: Number(receipt.blockNumber),
        },
        message: expect.stringContaining("on the chain") as string,
      },
    ]);

    await bed.rules([]);
    await retryRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.status).toBe("succeeded");
    expect((await stepRows(preview.id)).map((r) => r.signCalls).sort()).toEqual([1, 1]);
    expect(done.steps[0]?.transactionHash).toBe(hash);
    // Settled: the next pass clears the finding.
    await reconcileRuns();
    expect((await getRunView(db, preview.id)).reconciliation).toBeNull();
  }, 90_000);

  it("the reconciler fails a run left running by a job that is gone, so it can be retried or abandoned with a reason", async () => {
    const { db, preview } = await previewVaultEntry(false, "2", false);
    // As after a job that ended without finishing: the run says running, its job does not exist.
    await db
      .update(tables.yieldRuns)
      .set({ status: "running", jobRunId: "00000000-0000-4000-8000-000000000000", updatedAt: new Date() })
      .where(eq(tables.yieldRuns.id, preview.id));
    // Just set running, as a run is between its start and its job's registration: left alone.
    await reconcileRuns();
    expect((await getRunView(db, preview.id)).status).toBe("running");
    // Still so once the grace has passed: failed, with the reason.
    await reconcileRuns(new Date(Date.now() + ORPHAN_GRACE_MS + 1000));
    const found = await getRunView(db, preview.id);
    expect(found.status).toBe("failed");
    expect(found.error).toMatch(/^The job driving this run ended \(gone\) without finishing it/);
    expect(found.reconciliation?.findings.map((f) => f.kind)).toEqual(["orphaned-run"]);
    const abandoned = await abandonRun(developer, preview.id, "the vault is being replaced");
    expect(abandoned).toMatchObject({
      status: "abandoned",
      error: `Abandoned by ${developer.email}: the vault is being replaced`,
    });
    expect((await stepRows(preview.id)).map((r) => r.signCalls)).toEqual([0, 0]);
  }, 60_000);

  it("against a gateway without eth_simulateV1, simulates the first step alone and says the rest was not", async () => {
    const { preview } = await previewVaultEntry(false, "1", false);
    const real = globalThis.fetch;
    // The gateway answers eth_simulateV1 as a node without it does (geth's words for an unknown method).
    globalThis.fetch = async (input, init) =>
      typeof init?.body === "string" && init.body.includes('"method":"eth_simulateV1"')
        ? Response.json({
            jsonrpc: "2.0",
            id: 1,
            error: { code: -32601, message: "the method eth_simulateV1 does not exist/is not available" },
          })
        : real(input, init);
    try {
      const sim = await simulateRun(preview.id);
      expect(sim.mode).toBe("first-step");
      expect(sim.steps.map((s) => s.outcome)).toEqual(["success", "not-simulated"]);
    } finally {
      globalThis.fetch = real;
    }
  }, 60_000);

  it("can be abandoned before it starts, and then cannot be started", async () => {
    const { preview } = await previewVaultEntry(false, "1", false);
    expect((await abandonRun(developer, preview.id)).status).toBe("abandoned");
    await expect(startRun(developer, preview.id)).rejects.toMatchObject({ code: "CONFLICT" });
  }, 60_000);

  it("refuses to act for a client that is not a test client, saying why", async () => {
    const other = await (await import("@/server/upstream")).getAdminClient().clients.create({});
    await expect(
      previewAction(developer, {
        intent: "enter",
        clientId: other.id,
        yieldId: "x",
        arguments: { amount: "1" },
        stripGas: false,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("not created as a test client") });
  });
});
