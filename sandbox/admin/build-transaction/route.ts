/**
 * POST .../clients/{clientId}/chains/{chain}/assets/send/build-transaction. The chain is resolved
 * against the spec's build-transaction table (where base-sepolia is eip155:84531), then built per
 * family. Tron and Stellar are accepted names but answer 400: their transaction shapes are not
 * documented anywhere public, and the sandbox does not invent one.
 */
import { Hono } from "hono";
import type { Address } from "viem";
import {
  BITCOIN_MAINNET_P2WPKH,
  chainFamily,
  evmChainReference,
  resolveBuildTransactionChain,
  type ChainFamily,
} from "@/lib/chains";
import { buildTransactionBodySchema, type BuildTransactionResponse } from "@/lib/contracts";
import { badRequest, readJsonObject } from "../../http/errors";
import type { SandboxHttpEnv } from "../../http/types";
import { parseInput } from "../../http/validate";
import type { ClientStore } from "../../state/client-store";
import type { ChainRegistry } from "../../types";
import { runsEvmChain } from "../assets";
import { clientAddressOn } from "../client-addresses";
import { requireClient } from "../clients";
import { nativeTokenOf } from "../native-tokens";
import { simulatedTokens, simulatedUtxos } from "../simulated-holdings";
import { buildBitcoinTransfer } from "./bitcoin";
import { buildEvmTransfer } from "./evm";
import { buildSolanaTransfer } from "./solana";

export interface BuildTransactionDeps {
  store: ClientStore;
  chains: ChainRegistry;
  now?: () => number;
}

export function buildTransactionRoutes({ store, chains, now = Date.now }: BuildTransactionDeps) {
  const app = new Hono<SandboxHttpEnv>();
  app.post("/api/v3/custodians/me/clients/:clientId/chains/:chain/assets/send/build-transaction", async (c) => {
    const client = requireClient(store, c.req.param("clientId"));
    const chainInput = c.req.param("chain");
    const chainId = resolveBuildTransactionChain(chainInput);
    if (!chainId)
      throw badRequest(
        `chain: unknown chain ${JSON.stringify(chainInput)} for build-transaction (a name such as sepolia or a CAIP-2 id such as eip155:11155111)`,
      );
    const body = parseInput(buildTransactionBodySchema, await readJsonObject(c));
    const family = chainFamily(chainId) as ChainFamily;
    if (family === "tron" || family === "stellar")
      throw badRequest(
        `build-transaction on ${chainId} is not available in the sandbox: the API's ${family === "tron" ? "Tron" : "Stellar"} transaction shape is not documented`,
      );
    const from = clientAddressOn(client, family, chainId);
    if (!from)
      throw badRequest(`Client ${client.id} has no ${family} wallet yet; generate one with POST {mpc_url}/v1/generate`);
    const native = nativeTokenOf(chainId);

    let response: BuildTransactionResponse;
    if (family === "eip155") {
      const reference = evmChainReference(chainId) as number;
      const tokens = runsEvmChain(chains, reference) ? await chains.tokens(reference) : [];
      response = buildEvmTransfer({ chainId, from: from as Address, ...body, native, tokens });
    } else if (family === "solana") {
      response = buildSolanaTransfer({ chainId, from, ...body, native, tokens: simulatedTokens(chainId), now: now() });
    } else {
      const wallet = client.wallets.find((w) => w.curve === "SECP256K1");
      response = buildBitcoinTransfer({
        chainId,
        network: chainId === BITCOIN_MAINNET_P2WPKH ? "mainnet" : "testnet",
        from,
        publicKey: wallet?.publicKey ?? "",
        ...body,
        utxos: simulatedUtxos(client.id, chainId),
      });
    }
    return c.json(response);
  });
  return app;
}
