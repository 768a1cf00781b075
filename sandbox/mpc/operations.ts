/**
 * The signing operations of the MPC service, independent of HTTP: /v1/sign, /v1/raw/sign/{curve} and
 * /v1/assets/send. Each one unlocks the caller's share first, so a share of another client or a
 * malformed share fails before anything is signed.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type Hex, bytesToHex, encodeFunctionData, erc20Abi, getAddress, hexToBytes, isAddress } from "viem";
import { chainFamily, parseCaip2, resolveSendChain } from "@/lib/chains";
import type { AssetsSendBody, AssetsSendResponse, SignBody } from "@/lib/contracts/mpc";
import { type Bundler, smartAccountAddress } from "../aa";
import type { ChainRegistry, ClientDirectory, Curve } from "../types";
import { toRawAmount } from "./amounts";
import { MpcError } from "./errors";
import { signEvmMessage } from "./evm-messages";
import { resolveEvmToken } from "./evm-tokens";
import { evmAccount, parseTxRequest, signAndBroadcast, signOnly } from "./evm-tx";
import type { KeyStore } from "./key-store";
import type { NonceAllocator } from "./nonces";
import { paramList } from "./params";
import { unlockSigningShare } from "./resolve-share";
import { signSolana, simulateSolanaSend } from "./solana";
import { localEvmChain } from "./targets";
import { sendUserOperation } from "./user-operations";

export interface OperationDeps {
  store: KeyStore;
  chains: ChainRegistry;
  nonces: NonceAllocator;
  /** Tells account-abstracted clients apart; their transactions go to the bundler as user operations. */
  directory?: Pick<ClientDirectory, "get">;
  bundler?: Bundler;
}

/** The bundler when the client is account-abstracted (its EVM transactions are user operations), else undefined. */
function bundlerFor(deps: OperationDeps, clientId: string): Bundler | undefined {
  if (deps.directory?.get(clientId)?.isAccountAbstracted !== true) return undefined;
  if (!deps.bundler)
    throw new MpcError("INTERNAL_ERROR", "The client is account-abstracted but the service has no bundler", 500);
  return deps.bundler;
}

const EVM_MESSAGE_METHODS = new Set(["personal_sign", "eth_sign", "eth_signTypedData_v4"]);
const EVM_TX_METHODS = new Set(["eth_signTransaction", "eth_sendTransaction"]);
const SOLANA_METHODS = new Set(["sol_signMessage", "sol_signTransaction", "sol_signAndSendTransaction"]);

function requireNamespace(chainId: string, namespace: string, method: string): void {
  if (parseCaip2(chainId)?.namespace !== namespace)
    throw new MpcError("BAD_REQUEST", `${method} signs for ${namespace} chains; chainId is ${chainId}`);
}

export async function sign(deps: OperationDeps, clientId: string, body: SignBody): Promise<{ data: string }> {
  const { method } = body;
  const params = paramList(body.params);
  if (EVM_MESSAGE_METHODS.has(method)) {
    requireNamespace(body.chainId, "eip155", method);
    const key = unlockSigningShare(deps.store, clientId, body.share, "SECP256K1");
    // An account-abstracted client's messages are signed by the smart account's owner key (the account
    // validates them with EIP-1271), so params may name the smart account as the signer.
    const aliases = bundlerFor(deps, clientId) ? [await smartAccountAddress(evmAccount(key.secret).address)] : [];
    return { data: await signEvmMessage(method, params, key.secret, aliases) };
  }
  if (EVM_TX_METHODS.has(method)) {
    requireNamespace(body.chainId, "eip155", method);
    const reference = localEvmChain(deps.chains, body.chainId, body.rpcUrl);
    const key = unlockSigningShare(deps.store, clientId, body.share, "SECP256K1");
    const tx = parseTxRequest(params[0]);
    const bundler = bundlerFor(deps, clientId);
    if (bundler) {
      if (method === "eth_signTransaction")
        throw new MpcError(
          "METHOD_UNSUPPORTED",
          "eth_signTransaction is not available for an account-abstracted client: its transactions are user operations; use eth_sendTransaction",
        );
      return { data: await sendUserOperation({ chains: deps.chains, bundler }, reference, key.secret, tx) };
    }
    const data =
      method === "eth_sendTransaction"
        ? await signAndBroadcast(deps, reference, key.secret, tx)
        : await signOnly(deps.chains, reference, key.secret, tx);
    return { data };
  }
  if (SOLANA_METHODS.has(method)) {
    requireNamespace(body.chainId, "solana", method);
    const key = unlockSigningShare(deps.store, clientId, body.share, "ED25519");
    return { data: signSolana(method, params, key.secret) };
  }
  throw new MpcError(
    "METHOD_UNSUPPORTED",
    `Method ${method} is not supported; supported: ${[...EVM_MESSAGE_METHODS, ...EVM_TX_METHODS, ...SOLANA_METHODS].join(", ")}`,
  );
}

/**
 * SECP256K1: an ECDSA signature of the 32-byte digest as it is (no hashing), r ‖ s ‖ v with v = 27 or
 * 28 like the service's example. ED25519: the 64-byte signature of the bytes.
 */
export function rawSign(
  deps: Pick<OperationDeps, "store">,
  clientId: string,
  curve: Curve,
  digestHex: string,
  share: string,
): { data: Hex } {
  const key = unlockSigningShare(deps.store, clientId, share, curve);
  const digest = hexToBytes(`0x${digestHex}`);
  if (curve === "ED25519") return { data: bytesToHex(ed25519.sign(digest, key.secret)) };
  if (digest.length !== 32)
    throw new MpcError("BAD_REQUEST", `SECP256K1 raw signing takes a 32-byte digest; got ${digest.length} bytes`);
  const recovered = secp256k1.sign(digest, key.secret, { prehash: false, format: "recovered" });
  const rs = recovered.subarray(1);
  return { data: bytesToHex(Uint8Array.from([...rs, 27 + (recovered[0] as number)])) };
}

export async function sendAssets(
  deps: OperationDeps,
  clientId: string,
  body: AssetsSendBody,
): Promise<AssetsSendResponse> {
  const chain = resolveSendChain(body.chain);
  if (!chain) throw new MpcError("BAD_REQUEST", `Unknown chain ${body.chain}`);
  const family = chainFamily(chain);
  if (family === "solana") {
    const key = unlockSigningShare(deps.store, clientId, body.share, "ED25519");
    return simulateSolanaSend(key.secret, chain, body);
  }
  if (family !== "eip155")
    throw new MpcError(
      "BAD_REQUEST",
      `assets/send on ${chain} is not available in the sandbox: it runs EVM chains and simulates Solana`,
    );
  const reference = localEvmChain(deps.chains, chain, body.rpcUrl);
  const key = unlockSigningShare(deps.store, clientId, body.share, "SECP256K1");
  if (!isAddress(body.to, { strict: false })) throw new MpcError("BAD_REQUEST", `to ${body.to} is not an EVM address`);
  const to = getAddress(body.to);
  const token = await resolveEvmToken(deps.chains, reference, body.token);
  const rawAmount = toRawAmount(body.amount, token.decimals, token.symbol);
  const tx =
    token.address === null
      ? { to, value: rawAmount }
      : {
          to: token.address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, rawAmount] }),
        };
  const nonce = body.nonce === undefined ? undefined : Number(BigInt(body.nonce));
  const bundler = bundlerFor(deps, clientId);
  // For an account-abstracted client the hash is the user operation's (api-shapes §3.6) and the nonce its nonce.
  const transactionHash = bundler
    ? await sendUserOperation({ chains: deps.chains, bundler }, reference, key.secret, { ...tx, nonce })
    : await signAndBroadcast(deps, reference, key.secret, { ...tx, nonce });
  return {
    transactionHash,
    metadata: {
      amount: body.amount,
      // Older docs call the same value formattedAmount (api-shapes §3.6); both are given.
      formattedAmount: body.amount,
      rawAmount: rawAmount.toString(),
      tokenAddress: token.address,
      tokenDecimals: token.decimals,
    },
  };
}
