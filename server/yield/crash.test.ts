import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

/**
 * Crash safety of the yield runner, with real processes: a console instance (a child process) drives
 * a run and is killed with SIGKILL in the middle of a step — right after the signer answered but
 * before the hash was recorded, or after it was recorded but before it was reported. A second
 * instance on the same PostgreSQL takes the run over once the first one's lease lapses. The chain
 * must then hold exactly one transaction per step, and the provider must have received each hash
 * exactly once: counted by a proxy in front of the provider, not by the console's own records.
 */

const { startYieldHarness, makeTestClient, developer } = await import("@/testing/yield/console");
const { setDbForTests, getDb, tables } = await import("@/server/db");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { previewAction } = await import("./preview");
const { getRunView } = await import("./runs-store");
const { opportunities, history } = await import("./reads");
const { TEST_DATABASE_URL } = await import("@/testing/db");

const SEPOLIA = "eip155:11155111";

type Harness = Awaited<ReturnType<typeof startYieldHarness>>;
let h: Harness;
let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
let proxy: Server;
/** Every PUT …/transactions/<id>/submit-hash that reached the provider, by transaction id. */
const reports = new Map<string, number>();
const children: ChildProcess[] = [];

beforeAll(async () => {
  h = await startYieldHarness();
  handle = await openJobsTestDb("postgres");
  setDbForTests(handle);
  proxy = await countingProxy(new URL(h.started.baseUrl));
}, 120_000);
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  setDbForTests(undefined);
  await handle?.close();
  await h?.close();
});

/** Forwards every request to the provider and counts the hash reports. */
function countingProxy(target: URL): Promise<Server> {
  const server = createServer((req, res) => {
    const id = /\/transactions\/([^/]+)\/submit-hash$/.exec(req.url ?? "")?.[1];
    if (req.method === "PUT" && id) reports.set(id, (reports.get(id) ?? 0) + 1);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function instance(config: { runId: string; start: boolean; crashAt?: "sent" | "recorded" }): ChildProcess {
  const raw = handle.raw as { schemaName?: string };
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "testing/yield/crash-child.ts"],
    {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        // The provider (and the chain's gateway) through the counting proxy; the signer directly.
        SANDBOX_PORT: String((proxy.address() as AddressInfo).port),
        CONSOLE_LOG_LEVEL: "silent",
        YIELD_CHILD: JSON.stringify({
          url: TEST_DATABASE_URL,
          schemaName: raw.schemaName,
          timing: FAST_TIMING,
          ...config,
        }),
      },
    },
  );
  children.push(child);
  return child;
}

function lines(child: ChildProcess): AsyncIterable<string> {
  if (!child.stdout) throw new Error("child has no stdout");
  return createInterface({ input: child.stdout });
}

async function crashed(child: ChildProcess): Promise<string> {
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  let point = "";
  for await (const line of lines(child)) {
    const parsed = JSON.parse(line) as { crashed?: string };
    if (parsed.crashed) point = parsed.crashed;
  }
  expect(await exited).toBe("SIGKILL");
  return point;
}

async function scenario(accountAbstracted: boolean, crashAt: "sent" | "recorded") {
  const db = await getDb();
  const client = await makeTestClient(db, accountAbstracted);
  const vault = (await opportunities(client.clientId, { network: SEPOLIA, sort: "rate-desc" })).find(
    (o) => o.type === "lending" && o.token.symbol === "USDC",
  );
  if (!vault) throw new Error("the sandbox offers no USDC vault");
  const preview = await previewAction(developer, {
    intent: "enter",
    clientId: client.clientId,
    yieldId: vault.id,
    arguments: { amount: "10" },
    stripGas: accountAbstracted,
  });
  const sender = client.address;
  const sentBefore = Number(await h.rpc<string>(SEPOLIA, "eth_getTransactionCount", [sender, "latest"]));

  // The first instance starts the run and dies in the middle of its first step.
  expect(await crashed(instance({ runId: preview.id, start: true, crashAt }))).toBe(crashAt);
  const [first] = (await getRunView(db, preview.id)).steps;
  expect(first?.reportedAt).toBeNull();
  if (crashAt === "sent") expect(first?.transactionHash ?? first?.userOperationHash ?? null).toBeNull();
  else expect(first?.transactionHash).toMatch(/^0x/);

  // A second instance takes the run over once the dead one's lease lapses, and finishes it.
  instance({ runId: preview.id, start: false });
  const done = await waitFor(
    "the second instance to finish the run",
    async () => {
      const view = await getRunView(db, preview.id);
      return view.status !== "running" ? view : undefined;
    },
    90_000,
    200,
  );
  expect(done.error).toBeNull();
  expect(done.status).toBe("succeeded");

  // On the chain: as many transactions as steps (user operations for the smart account).
  if (accountAbstracted) {
    const ops = done.steps.map((s) => s.userOperationHash);
    expect(new Set(ops).size).toBe(done.steps.length);
    expect(done.steps.map((s) => Number(s.nonce))).toEqual([0, 1]);
  } else {
    expect(Number(await h.rpc<string>(SEPOLIA, "eth_getTransactionCount", [sender, "latest"]))).toBe(
      sentBefore + done.steps.length,
    );
  }
  for (const step of done.steps) {
    const receipt = await h.rpc<{ status: string }>(SEPOLIA, "eth_getTransactionReceipt", [step.transactionHash]);
    expect(receipt.status).toBe("0x1");
    // Reported once each, as the provider saw it.
    expect(reports.get(step.transactionId)).toBe(1);
  }
  const recorded = (await history(client.clientId)).items.find((a) => a.id === done.actionId);
  expect(recorded?.transactions.map((t) => t.hash?.toLowerCase())).toEqual(
    done.steps.map((s) => s.transactionHash?.toLowerCase()),
  );
  // The signer was asked once per step, the dead instance's call included.
  const rows = await db.select().from(tables.yieldRunSteps).where(eq(tables.yieldRunSteps.runId, done.id));
  expect(rows.map((r) => r.signCalls)).toEqual(rows.map(() => 1));
}

describe("a yield run whose instance is killed mid-step", () => {
  it(
    "after the signer answered and before the hash was recorded: found on the chain, not signed again",
    () => scenario(false, "sent"),
    150_000,
  );

  it(
    "after the hash was recorded and before it was reported: reported once by the next instance",
    () => scenario(false, "recorded"),
    150_000,
  );

  it(
    "for an account-abstracted client, after the user operation was sent: found by its nonce",
    () => scenario(true, "sent"),
    150_000,
  );
});
