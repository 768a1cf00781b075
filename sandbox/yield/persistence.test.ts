/**
 * Restart safety: the yield and account-abstraction contracts are rebuilt at genesis and the journal
 * replays on top, so positions, balances read from the chain, the action history and passthroughs are
 * the same after a restart, and the reserve drip is not paid twice.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEY, YIELD } from "@/testing/yield/sandbox";
import { genesisAddresses } from "../chain/genesis";
import { loadSandboxEnv } from "../env";
import { extensionAddress } from "../genesis-extensions";
import { startSandbox } from "../start";

const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-yield-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = loadSandboxEnv({ SANDBOX_CUSTODIAN_API_KEY: KEY, SANDBOX_SEED_CLIENTS: "2", SANDBOX_SEED_EVENTS: "10" });
const start = () =>
  startSandbox({ env, port: 0, mpcPort: 0, dataDir, chainLog: () => undefined, mpcLog: () => undefined });
type Started = Awaited<ReturnType<typeof start>>;

async function call(
  sb: Started,
  app: "base" | "mpc",
  pathname: string,
  token: string,
  body?: unknown,
  method?: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const target = app === "base" ? sb.sandbox.baseApp : sb.sandbox.mpcApp;
  const res = await target.request(pathname, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

describe("a restart", () => {
  it("keeps positions, history and passthroughs, and pays the reserve once", async () => {
    const USDC = genesisAddresses().tokens[0]?.address as string;
    const reserveOf = async (sb: Started) =>
      sb.chains.tokenBalance(11155111, USDC as `0x${string}`, extensionAddress("rewardDistributor"));
    let sb = await start();
    const created = await call(sb, "base", "/api/v3/custodians/me/clients", KEY, { isAccountAbstracted: true });
    const key = created.clientApiKey as string;
    const shares = await call(sb, "mpc", "/v1/generate", key, {});
    const address = (await call(sb, "base", `/api/v3/custodians/me/clients/${created.id}`, KEY)).metadata.namespaces
      .eip155.address as string;
    const action = (
      await call(sb, "base", `${YIELD}/actions/enter`, key, {
        address,
        yieldId: "ethereum-sepolia-link-sandbox-staking",
        arguments: { amount: "5" },
      })
    ).data.rawResponse;
    for (const tx of action.transactions) {
      const params = JSON.parse(tx.unsignedTransaction);
      const signed = await call(sb, "mpc", "/v1/sign", key, {
        method: "eth_sendTransaction",
        params,
        share: shares.SECP256K1.share,
        chainId: "eip155:11155111",
        to: params.to,
        rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/11155111",
      });
      const receipt =
        (await sb.chains.request(11155111, "eth_getTransactionReceipt", [signed.data]).catch(() => null)) ?? null;
      expect(receipt).toBeNull(); // a user-operation hash, not a transaction
      const bundle = (
        await call(sb, "base", "/rpc/v1/eip155/11155111", key, {
          jsonrpc: "2.0",
          id: 1,
          method: "eth_getUserOperationReceipt",
          params: [signed.data],
        })
      ).result.receipt.transactionHash;
      expect(
        (await call(sb, "base", `${YIELD}/transactions/${tx.id}/submit-hash`, key, { hash: bundle }, "PUT")).data
          .rawResponse.status,
      ).toBe("BROADCASTED");
    }
    const query = { queries: [{ address, network: "eip155:11155111" }] };
    await sb.chains.request(11155111, "evm_increaseTime", [86_400]);
    const before = (await call(sb, "base", `${YIELD}/yields/balances`, key, query)).data.rawResponse.items[0].balances;
    const reserve = await reserveOf(sb);
    const usage = await call(sb, "base", "/api/v3/custodians/me/gas-sponsors/chains/eip155%3A11155111/usage", KEY);
    await sb.close();
    const journal = readFileSync(path.join(dataDir, "chains", "eip155-11155111.jsonl"), "utf8");

    sb = await start();
    try {
      const after = (await call(sb, "base", `${YIELD}/yields/balances`, key, query)).data.rawResponse.items[0].balances;
      expect(after.map((b: { type: string }) => b.type)).toEqual(before.map((b: { type: string }) => b.type));
      expect(after[0]).toMatchObject({ type: "active", amount: "5" });
      // Rewards kept accruing (the restarted chain's clock resumed at wall time plus the added day).
      expect(Number(after[1].amount)).toBeGreaterThanOrEqual(Number(before[1].amount));
      expect(after[1].pendingActions[0].passthrough).toBe(before[1].pendingActions[0].passthrough);
      const history = (await call(sb, "base", `${YIELD}/actions?address=${address}`, key)).data.rawResponse.items;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ id: action.id, status: "SUCCESS" });
      expect(await reserveOf(sb)).toBe(reserve);
      expect(readFileSync(path.join(dataDir, "chains", "eip155-11155111.jsonl"), "utf8")).toBe(journal);
      expect(
        (await call(sb, "base", "/api/v3/custodians/me/gas-sponsors/chains/eip155%3A11155111/usage", KEY))
          .totalTxsSponsored,
      ).toBe(usage.totalTxsSponsored);
      // The passthrough issued before the restart still manages the position.
      const claim = await call(sb, "base", `${YIELD}/actions/manage`, key, {
        address,
        yieldId: "ethereum-sepolia-link-sandbox-staking",
        action: "CLAIM_REWARDS",
        passthrough: before[1].pendingActions[0].passthrough,
      });
      expect(claim.data.rawResponse.transactions[0]).toMatchObject({ type: "CLAIM_REWARDS", status: "CREATED" });
    } finally {
      await sb.close();
    }
  }, 60_000);
});
