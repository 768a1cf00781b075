import { encodeErrorResult, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { ChainRpc } from "./chain-rpc";

/**
 * The gateway's answers as JSON-RPC 2.0 gives them (geth's shapes: code 3 with the revert data for a
 * call that reverts, -32601 for a method the node does not have), read by the console's client.
 */
const answering = (body: unknown, status = 200) =>
  new ChainRpc(
    "eip155:11155111",
    "http://gateway.test/rpc",
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
const call = { from: "0x1111111111111111111111111111111111111111", to: "0x2222222222222222222222222222222222222222" };

describe("ChainRpc.simulate (eth_call before signing)", () => {
  it("a result is a success", async () => {
    expect(await answering({ jsonrpc: "2.0", id: 1, result: "0x" }).simulate(call)).toEqual({ ok: true });
  });

  it("a revert comes back with its decoded reason", async () => {
    const data = encodeErrorResult({
      abi: parseAbi(["error Error(string)"]),
      errorName: "Error",
      args: ["CooldownStaking: cooldown has not passed"],
    });
    const rpc = answering({ jsonrpc: "2.0", id: 1, error: { code: 3, message: "execution reverted", data } });
    expect(await rpc.simulate(call)).toEqual({ ok: false, reason: "CooldownStaking: cooldown has not passed" });
  });

  it("a failure to ask is not a revert: it is thrown", async () => {
    const rpc = answering({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "header not found" } });
    await expect(rpc.simulate(call)).rejects.toThrow(/header not found/);
  });
});

describe("ChainRpc.simulateV1", () => {
  it("a gateway without eth_simulateV1 (method not found, or not supported) gives undefined", async () => {
    for (const error of [
      { code: -32601, message: "the method eth_simulateV1 does not exist/is not available" },
      { code: -32601, message: "Method eth_simulateV1 is not supported" },
    ])
      expect(await answering({ jsonrpc: "2.0", id: 1, error }).simulateV1({ blockStateCalls: [] })).toBeUndefined();
  });

  it("its blocks when it answers; another failure is thrown", async () => {
    const blocks = [{ calls: [{ status: "0x1", logs: [] }] }];
    expect(await answering({ jsonrpc: "2.0", id: 1, result: blocks }).simulateV1({})).toEqual(blocks);
    await expect(
      answering({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "invalid params" } }).simulateV1({}),
    ).rejects.toThrow(/invalid params/);
  });
});
