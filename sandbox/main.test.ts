import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Runs sandbox/main.ts; resolves once it printed both lines (or exited). */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    cwd: root,
    env: { ...process.env, SANDBOX_DATA_DIR: dataDir, SANDBOX_SEED_CLIENTS: "3", SANDBOX_SEED_EVENTS: "10", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve) => {
    const check = () => (stdout.includes("MPC service listening") ? resolve() : undefined);
    child.stdout.on("data", check);
    void exited.then(() => resolve());
  });
  return { child, ready, exited, out: () => stdout, err: () => stderr };
}

describe("sandbox/main.ts", () => {
  it("prints one line per port, serves both, and exits 0 on SIGTERM", async () => {
    const [base, mpc] = [await freePort(), await freePort()];
    const run = start({ SANDBOX_PORT: String(base), SANDBOX_MPC_PORT: String(mpc) });
    await run.ready;
    const lines = run
      .out()
      .trim()
      .split("\n")
      .filter((l) => l.startsWith("sandbox "));
    expect(lines).toEqual([
      `sandbox base API listening on http://127.0.0.1:${base} (administration, /rpc/v1/eip155/<reference>, /openapi.json)`,
      `sandbox MPC service listening on http://127.0.0.1:${mpc}`,
    ]);
    expect(await (await fetch(`http://127.0.0.1:${mpc}/health`)).json()).toEqual({ ok: true, service: "mpc" });
    const rpc = await fetch(`http://127.0.0.1:${base}/rpc/v1/eip155/11155111`, {
      method: "POST",
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    });
    expect(await rpc.json()).toMatchObject({ result: "0xaa36a7" });
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  }, 60_000);

  it("exits 1 with one clear line when a port is taken", async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const run = start({ SANDBOX_PORT: String(port), SANDBOX_MPC_PORT: String(await freePort()) });
      expect(await run.exited).toBe(1);
      const errors = run
        .err()
        .split("\n")
        .filter((l) => l.startsWith("sandbox:"));
      expect(errors).toEqual([
        `sandbox: port ${port} is already in use (SANDBOX_PORT); stop the process using it or set SANDBOX_PORT to another port`,
      ]);
      expect(run.err()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
