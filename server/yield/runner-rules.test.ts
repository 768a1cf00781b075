import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { toHex } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { YieldRunView } from "@/lib/yield/runs";
import type { ProxiedCall, RecordingProxy } from "@/testing/yield/console";

/**
 * The spec's yield transaction processing rules (1 to 4), checked from outside the console: the
 * console reaches the sandbox only through two recording proxies, one in front of the base API
 * (provider, chain gateway) and one in front of the MPC signing service. What the provider answered,
 * what was sent to /v1/sign and to submit-hash, and in which order, is read there; the proxies also
 * reorder or add provider steps, and hide receipts, where a rule needs it.
 */

const { startYieldHarness, makeTestClient, developer, recordingProxy, YIELD_TEST_KEY } =
  await import("@/testing/yield/console");
const { setDbForTests, getDb, tables } = await import("@/server/db");
const { forgetEnvForTests } = await import("@/server/env");
const { startJobWorkers, stopJobWorkers } = await import("@/server/jobs");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { loadShares } = await import("@/server/lab/test-clients");
const { runnerTiming } = await import("./run-job");
const { previewAction } = await import("./preview");
const { startRun, retryRun } = await import("./control");
const { getRunView } = await import("./runs-store");
const { opportunities } = await import("./reads");

const SEPOLIA = "eip155:11155111";
/** The gas parameters of an EVM transaction request (rule 2: they may be removed so the service estimates). */
const GAS_FIELDS = ["gas", "gasLimit", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"] as const;

interface WireTransaction {
  id?: string;
  transactionId: string;
  stepIndex: number;
  status: string;
  type?: string;
  title?: string;
  unsignedTransaction?: string | null;
  [field: string]: unknown;
}
interface ActionEnvelope {
  data: { rawResponse: { transactions: WireTransaction[] } };
}
interface SignBody {
  method: string;
  params: Record<string, unknown>;
  share: string;
  chainId: string;
  to: string;
  rpcUrl: string;
}

type Harness = Awaited<ReturnType<typeof startYieldHarness>>;
let h: Harness;
let base: RecordingProxy;
let mpc: RecordingProxy;
let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
const confirmTimeoutMs = runnerTiming.confirmTimeoutMs;

beforeAll(async () => {
  h = await startYieldHarness({ SANDBOX_CONTROL: "on" });
  base = await recordingProxy(h.started.baseUrl);
  mpc = await recordingProxy(h.started.mpcUrl);
  // The console's upstream ({base_url} and {mpc_url}) is the two proxies.
  process.env.SANDBOX_PORT = String(base.port);
  process.env.SANDBOX_MPC_PORT = String(mpc.port);
  forgetEnvForTests();
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  runnerTiming.pollMs = 50;
  await startJobWorkers({ timing: FAST_TIMING });
}, 120_000);
beforeEach(() => {
  base.calls.length = 0;
  mpc.calls.length = 0;
});
afterEach(async () => {
  base.rewrite = undefined;
  base.intercept = undefined;
  runnerTiming.confirmTimeoutMs = confirmTimeoutMs;
  await rules([]);
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle?.close();
  await base?.close();
  await mpc?.close();
  await h?.close();
});

// --- what the proxies saw ------------------------------------------------------------------------

const isEnter = (call: Pick<ProxiedCall, "method" | "path">) =>
  call.method === "POST" && /\/actions\/enter$/.test(call.path);
/** The transactions of each enter answer, as they reached the console. */
const enterAnswers = () =>
  base.calls.filter(isEnter).map((c) => (c.answer as ActionEnvelope).data.rawResponse.transactions);
const signCalls = () => mpc.calls.filter((c) => c.method === "POST" && c.path === "/v1/sign");
const signBody = (call: ProxiedCall | undefined) => call?.body as SignBody;
const signedHash = (call: ProxiedCall | undefined) => (call?.answer as { data: string }).data;
const reportCalls = () => base.calls.filter((c) => c.method === "PUT" && /\/submit-hash$/.test(c.path));
/** [transactionId, hash] of every submit-hash that reached the provider, in order. */
const reported = () =>
  reportCalls().map((c) => [
    /\/transactions\/([^/]+)\/submit-hash$/.exec(c.path)?.[1],
    (c.body as { hash: string }).hash,
  ]);
const receiptQueries = (hash: string) =>
  base.calls.filter(
    (c) =>
      (c.body as { method?: string; params?: unknown[] } | undefined)?.method === "eth_getTransactionReceipt" &&
      (c.body as { params: unknown[] }).params[0] === hash,
  );
const unsignedOf = (tx: WireTransaction | undefined) =>
  JSON.parse(tx?.unsignedTransaction as string) as Record<string, unknown>;

/** Changes the transactions of the provider's enter answers on their way to the console. */
function rewriteEnter(change: (transactions: WireTransaction[]) => WireTransaction[]) {
  base.rewrite = (call, answer) => {
    if (!isEnter(call)) return undefined;
    const envelope = answer as ActionEnvelope;
    envelope.data.rawResponse.transactions = change(envelope.data.rawResponse.transactions);
    return envelope;
  };
}

/** Every unsigned transaction also carries `gas` and `gasPrice` (the sandbox gives gasLimit and EIP-1559 fees). */
const withEveryGasField = () =>
  rewriteEnter((transactions) =>
    transactions.map((tx) => {
      if (typeof tx.unsignedTransaction !== "string") return tx;
      const unsigned = JSON.parse(tx.unsignedTransaction) as Record<string, unknown>;
      const all = { ...unsigned, gas: unsigned.gasLimit, gasPrice: unsigned.maxFeePerGas };
      return { ...tx, unsignedTransaction: JSON.stringify(all) };
    }),
  );

/** What rule 2 asks of every /v1/sign call of the yield flow. */
async function expectSpecSignCall(call: ProxiedCall | undefined, clientId: string, unsigned: Record<string, unknown>) {
  const shares = await loadShares(await getDb(), clientId, "signing");
  expect(call?.body).toMatchObject({
    method: "eth_sendTransaction",
    chainId: SEPOLIA,
    rpcUrl: `${base.url}/rpc/v1/eip155/11155111`,
    to: unsigned.to,
    share: shares?.SECP256K1.share,
  });
  expect(signBody(call).params).toBeTypeOf("object");
}

// --- the console and the chain -------------------------------------------------------------------

async function previewVaultEntry(clientId: string, stripGas: boolean, amount = "10") {
  const list = await opportunities(clientId, { network: SEPOLIA, sort: "rate-desc" });
  const vault = list.find((o) => o.type === "lending" && o.token.symbol === "USDC");
  if (!vault) throw new Error("the sandbox offers no USDC vault on Sepolia");
  return previewAction(developer, { intent: "enter", clientId, yieldId: vault.id, arguments: { amount }, stripGas });
}

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
  (await (await getDb()).select().from(tables.yieldRunSteps).where(eq(tables.yieldRunSteps.runId, runId))).sort(
    (a, b) => a.stepIndex - b.stepIndex,
  );

const sentFrom = async (address: string) =>
  Number(await h.rpc<string>(SEPOLIA, "eth_getTransactionCount", [address, "latest"]));

/** The step's pinned nonce as it must appear in the signed parameters. */
const pinnedNonce = (run: YieldRunView, stepIndex: number) => {
  const nonce = run.steps.find((s) => s.stepIndex === stepIndex)?.nonce;
  if (nonce === null || nonce === undefined) throw new Error(`step ${stepIndex} has no nonce`);
  return toHex(BigInt(nonce));
};

async function rules(list: { path: string; fault?: "500" }[]) {
  if (!h) return;
  const res = await fetch(`${h.started.baseUrl}/_sandbox/rules`, {
    method: "PUT",
    headers: { authorization: `Bearer ${YIELD_TEST_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ rules: list }),
  });
  expect(res.status).toBe(200);
}

const omit = (record: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

// --- the rules -----------------------------------------------------------------------------------

describe("the yield runner, as the signer, the provider and the chain see it", () => {
  it("signs only CREATED steps that carry an unsignedTransaction, in ascending stepIndex whatever order they arrive in, each reported and confirmed before the next", async () => {
    const client = await makeTestClient(await getDb(), false);
    const sentBefore = await sentFrom(client.address);
    const fakes = { notCreated: randomUUID(), noField: randomUUID(), nullTransaction: randomUUID() };
    // The provider's approve (0) and supply (becoming 2) arrive last-first, between steps that must
    // not be signed: one not CREATED although it carries a transaction, two CREATED without one.
    rewriteEnter(([approve, supply]) => {
      if (approve?.type !== "APPROVAL" || supply?.type !== "SUPPLY") throw new Error("expected approve, then supply");
      const fake = (id: string, stepIndex: number, fields: Partial<WireTransaction>): WireTransaction => ({
        ...approve,
        id,
        transactionId: id,
        stepIndex,
        title: `Not to sign (${stepIndex})`,
        ...fields,
      });
      const noField = fake(fakes.noField, 3, { status: "CREATED" });
      delete noField.unsignedTransaction;
      return [
        fake(fakes.nullTransaction, 4, { status: "CREATED", unsignedTransaction: null }),
        noField,
        { ...supply, stepIndex: 2 },
        fake(fakes.notCreated, 1, { status: "WAITING_FOR_NEXT" }),
        approve,
      ];
    });

    const preview = await previewVaultEntry(client.clientId, false);
    const [arrived] = enterAnswers();
    expect(arrived?.map((t) => t.stepIndex)).toEqual([4, 3, 2, 1, 0]);
    const approve = arrived?.find((t) => t.stepIndex === 0);
    const supply = arrived?.find((t) => t.stepIndex === 2);
    expect(preview.steps.map((s) => [s.stepIndex, s.phase])).toEqual([
      [0, "waiting"],
      [1, "skipped"],
      [2, "waiting"],
      [3, "skipped"],
      [4, "skipped"],
    ]);
    expect(signCalls()).toHaveLength(0);

    await startRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    expect(done.steps.map((s) => [s.stepIndex, s.phase, s.transactionHash === null])).toEqual([
      [0, "confirmed", false],
      [1, "skipped", true],
      [2, "confirmed", false],
      [3, "skipped", true],
      [4, "skipped", true],
    ]);

    // The signer was asked twice: the approval first, then the supply, each as rule 2 says.
    const signs = signCalls();
    expect(signs.map((c) => c.status)).toEqual([200, 200]);
    const [signApprove, signSupply] = signs;
    for (const [call, tx] of [
      [signApprove, approve],
      [signSupply, supply],
    ] as const) {
      const unsigned = unsignedOf(tx);
      await expectSpecSignCall(call, client.clientId, unsigned);
      expect(signBody(call).params).toMatchObject({ to: unsigned.to, data: unsigned.data });
    }
    expect(BigInt(signBody(signSupply).params.nonce as string)).toBe(
      BigInt(signBody(signApprove).params.nonce as string) + 1n,
    );

    // Each hash the signer answered was reported once (rule 3); nothing for the steps not signed.
    const hashes = signs.map(signedHash);
    expect(reported()).toEqual([
      [approve?.transactionId, hashes[0]],
      [supply?.transactionId, hashes[1]],
    ]);
    // The supply was signed only once the approval was reported and its receipt seen (rule 4).
    const approvalReceipt = receiptQueries(hashes[0] as string).find(
      (c) => (c.answer as { result: unknown }).result !== null,
    );
    expect(approvalReceipt?.answerSeq).toBeLessThan(signSupply?.requestSeq as number);
    expect(reportCalls()[0]?.answerSeq).toBeLessThan(signSupply?.requestSeq as number);
    // And the chain holds the two transactions, mined in that order.
    expect(await sentFrom(client.address)).toBe(sentBefore + 2);
    const mined = await Promise.all(
      hashes.map((hash) =>
        h.rpc<{ status: string; blockNumber: string }>(SEPOLIA, "eth_getTransactionReceipt", [hash]),
      ),
    );
    expect(mined.map((r) => r.status)).toEqual(["0x1", "0x1"]);
    expect(BigInt(mined[0]?.blockNumber as string)).toBeLessThan(BigInt(mined[1]?.blockNumber as string));
  }, 90_000);

  it("with “drop gas fields”, sends every provider field but the gas ones, and the signing service estimates gas", async () => {
    const client = await makeTestClient(await getDb(), false);
    withEveryGasField();
    const preview = await previewVaultEntry(client.clientId, true);
    expect(preview.stripGas).toBe(true);
    await startRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");

    const [arrived] = enterAnswers();
    const signs = signCalls();
    expect(signs).toHaveLength(2);
    for (const [i, call] of signs.entries()) {
      const tx = arrived?.find((t) => t.stepIndex === i);
      const unsigned = unsignedOf(tx);
      // The provider's transaction did hold every gas field…
      for (const field of GAS_FIELDS) expect(unsigned[field], field).toMatch(/^0x[0-9a-f]+$/);
      await expectSpecSignCall(call, client.clientId, unsigned);
      // …and the signer got none of them, everything else as given (the nonce pinned by the console).
      const params = signBody(call).params;
      for (const field of GAS_FIELDS) expect(params, field).not.toHaveProperty(field);
      expect(params).toEqual({ ...omit(unsigned, [...GAS_FIELDS, "nonce"]), nonce: pinnedNonce(done, i) });
      expect((await h.rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [signedHash(call)])).status).toBe(
        "0x1",
      );
    }
  }, 90_000);

  it("without “drop gas fields”, sends the provider's fields unchanged, gas fields included", async () => {
    const client = await makeTestClient(await getDb(), false);
    withEveryGasField();
    const preview = await previewVaultEntry(client.clientId, false);
    expect(preview.stripGas).toBe(false);
    await startRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");

    const [arrived] = enterAnswers();
    const signs = signCalls();
    expect(signs).toHaveLength(2);
    for (const [i, call] of signs.entries()) {
      const unsigned = unsignedOf(arrived?.find((t) => t.stepIndex === i));
      await expectSpecSignCall(call, client.clientId, unsigned);
      expect(signBody(call).params).toEqual({ ...unsigned, nonce: pinnedNonce(done, i) });
      for (const field of GAS_FIELDS) expect(signBody(call).params[field], field).toBe(unsigned[field]);
    }
  }, 90_000);

  it("stops at sign when the signer fails, and a retry signs that step again with the same nonce, then goes on", async () => {
    const client = await makeTestClient(await getDb(), false);
    const sentBefore = await sentFrom(client.address);
    const preview = await previewVaultEntry(client.clientId, false, "5");
    // The signing service refuses every call until the rule is cleared.
    await rules([{ path: "^/v1/sign$", fault: "500" }]);
    await startRun(developer, preview.id);
    const failed = await finished(preview.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^Step 1 \(.+\) failed at sign/);
    expect(failed.steps.map((s) => [s.phase, s.failedPart, s.transactionHash])).toEqual([
      ["failed", "sign", null],
      ["waiting", null, null],
    ]);
    const [refused] = signCalls();
    expect(signCalls().map((c) => c.status)).toEqual([500]);
    // Nothing went on the chain, nothing was reported.
    expect(await sentFrom(client.address)).toBe(sentBefore);
    expect(reportCalls()).toHaveLength(0);

    await rules([]);
    await retryRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    const signs = signCalls();
    expect(signs.map((c) => c.status)).toEqual([500, 200, 200]);
    // The retry signs the failed step again (same transaction, same pinned nonce), then the next one.
    expect(signBody(signs[1]).params).toEqual(signBody(refused).params);
    expect(signBody(signs[1]).params.nonce).toBe(pinnedNonce(done, 0));
    expect(signBody(signs[2]).params.nonce).toBe(pinnedNonce(done, 1));
    expect(await sentFrom(client.address)).toBe(sentBefore + 2);
    expect(reported()).toEqual(done.steps.map((s, i) => [s.transactionId, signedHash(signs[i + 1])]));
    expect((await stepRows(preview.id)).map((r) => [r.signCalls, r.reportCalls])).toEqual([
      [2, 1],
      [1, 1],
    ]);
  }, 90_000);

  it("stops at confirm when no receipt comes in time, and a retry only waits for it again: not signed or reported twice", async () => {
    const client = await makeTestClient(await getDb(), false);
    const sentBefore = await sentFrom(client.address);
    const preview = await previewVaultEntry(client.clientId, false, "5");
    // The chain's gateway answers every receipt query with "not mined yet", and the runner gives up soon.
    runnerTiming.confirmTimeoutMs = 1_500;
    base.intercept = (call) => {
      const rpc = call.body as { id?: number; method?: string } | undefined;
      return rpc?.method === "eth_getTransactionReceipt" ? { jsonrpc: "2.0", id: rpc.id, result: null } : undefined;
    };
    await startRun(developer, preview.id);
    const failed = await finished(preview.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^Step 1 \(.+\) failed at confirm/);
    expect(failed.steps.map((s) => [s.phase, s.failedPart])).toEqual([
      ["failed", "confirm"],
      ["waiting", null],
    ]);
    const first = failed.steps[0]?.transactionHash as string;
    expect(first).toMatch(/^0x[0-9a-f]{64}$/);
    // Signed and reported once; the next step was not signed before this one was confirmed.
    expect(signCalls()).toHaveLength(1);
    expect(reported()).toEqual([[failed.steps[0]?.transactionId, first]]);
    expect(receiptQueries(first).length).toBeGreaterThan(1);
    // On the chain, the transaction was mined all along.
    expect((await h.rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [first])).status).toBe("0x1");

    base.intercept = undefined;
    runnerTiming.confirmTimeoutMs = confirmTimeoutMs;
    await retryRun(developer, preview.id);
    const done = await finished(preview.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("succeeded");
    expect(done.steps[0]?.transactionHash).toBe(first);
    const signs = signCalls();
    expect(signs).toHaveLength(2);
    expect(signBody(signs[1]).to).toBe(unsignedOf(enterAnswers()[0]?.find((t) => t.stepIndex === 1)).to);
    expect(reported()).toEqual(done.steps.map((s) => [s.transactionId, s.transactionHash]));
    expect(await sentFrom(client.address)).toBe(sentBefore + 2);
    expect((await stepRows(preview.id)).map((r) => [r.signCalls, r.reportCalls])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  }, 90_000);
});
