/** A JSON-RPC error as a node returns it; thrown by the chain registry and serialized by the RPC route. */
export class RpcError extends Error {
  override name = "RpcError";
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_INTERNAL = -32603;
export const RPC_PARSE_ERROR = -32700;

/** The code public nodes (geth) give a call or estimate that reverted, with the revert data in `data`. */
export const RPC_EXECUTION_REVERTED = 3;

/**
 * Hardhat's ProviderError carries `code` and `data`. A revert comes back as a Solidity stack-trace
 * error without a code; it is given the code and message a public node would send, so clients (viem)
 * decode the revert reason as they do against a testnet.
 */
export function toRpcError(e: unknown): RpcError {
  if (e instanceof RpcError) return e;
  if (!(e instanceof Error)) return new RpcError(RPC_INTERNAL, String(e));
  const { code, data } = e as Error & { code?: unknown; data?: unknown };
  if (typeof code === "number") return new RpcError(code, e.message, data);
  const reverted = /reverted(?: with reason string '(.*)')?/s.exec(e.message);
  if (reverted)
    return new RpcError(
      RPC_EXECUTION_REVERTED,
      reverted[1] ? `execution reverted: ${reverted[1]}` : "execution reverted",
      data,
    );
  return new RpcError(RPC_INTERNAL, e.message, data);
}
