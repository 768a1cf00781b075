import "server-only";
import { toHex } from "viem";
import type { MpcClient } from "@/server/upstream";
import { chainRpc } from "@/server/wallets/chain-rpc";

/**
 * EVM message signatures through /v1/sign. The params are the JSON-stringified array of the spec's
 * table; `to` (required by the table, meaningless for a message) is the signing address, and rpcUrl
 * is the chain's gateway.
 */
interface Signing {
  mpc: MpcClient;
  share: string;
  chainId: string;
  /** The address named in params: the client's eip155 address. */
  address: string;
}

/** personal_sign of UTF-8 text, sent as its bytes in hex so that no signer reads text as hex. */
export async function personalSign(s: Signing, message: string): Promise<string> {
  const { data } = await s.mpc.sign({
    method: "personal_sign",
    params: JSON.stringify([toHex(message), s.address]),
    share: s.share,
    chainId: s.chainId,
    to: s.address,
    rpcUrl: chainRpc(s.chainId).url,
  });
  return data;
}

/** eth_signTypedData_v4 of a typed-data JSON document. */
export async function signTypedData(s: Signing, typedData: string): Promise<string> {
  const { data } = await s.mpc.sign({
    method: "eth_signTypedData_v4",
    params: JSON.stringify([s.address, typedData]),
    share: s.share,
    chainId: s.chainId,
    to: s.address,
    rpcUrl: chainRpc(s.chainId).url,
  });
  return data;
}
