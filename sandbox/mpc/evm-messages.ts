/**
 * Message signatures for EVM chains, with the parameter orders wallets use: personal_sign
 * [message, address?] (older callers put the address first), eth_sign [address, message] (EIP-191,
 * as geth defines it), eth_signTypedData_v4 [address, typedData as JSON string or object].
 */
import { type Address, type Hex, type TypedDataDefinition, isAddress, isHex } from "viem";
import { MpcError } from "./errors";
import { evmAccount } from "./evm-tx";

const sameAddress = (a: unknown, b: Address) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/** `aliases`: other addresses that stand for the key, e.g. an account-abstracted client's smart account. */
function checkSigner(value: unknown, wallet: Address, aliases: readonly Address[] = []): void {
  if (value !== undefined && value !== "" && !sameAddress(value, wallet) && !aliases.some((a) => sameAddress(value, a)))
    throw new MpcError(
      "MSG_BUILD_FAILED",
      `The address in params (${String(value)}) is not the wallet's address ${aliases[0] ?? wallet}`,
    );
}

function messageOf(value: unknown): string | { raw: Hex } {
  if (typeof value !== "string")
    throw new MpcError("MSG_BUILD_FAILED", "The message must be a string (UTF-8 text or 0x-prefixed hex bytes)");
  return isHex(value) ? { raw: value } : value;
}

export async function signEvmMessage(
  method: string,
  params: unknown[],
  secret: Uint8Array,
  aliases: readonly Address[] = [],
): Promise<Hex> {
  const account = evmAccount(secret);
  switch (method) {
    case "personal_sign": {
      const isSigner = (v: unknown) => sameAddress(v, account.address) || aliases.some((a) => sameAddress(v, a));
      const legacyOrder =
        params.length >= 2 && isSigner(params[0]) && !(typeof params[1] === "string" && isAddress(params[1]));
      const [message, signer] = legacyOrder ? [params[1], params[0]] : [params[0], params[1]];
      checkSigner(signer, account.address, aliases);
      return account.signMessage({ message: messageOf(message) });
    }
    case "eth_sign":
      checkSigner(params[0], account.address, aliases);
      return account.signMessage({ message: messageOf(params[1]) });
    case "eth_signTypedData_v4": {
      checkSigner(params[0], account.address, aliases);
      let typed = params[1];
      if (typeof typed === "string") {
        try {
          typed = JSON.parse(typed) as unknown;
        } catch {
          throw new MpcError("MSG_BUILD_FAILED", "The typed data is not valid JSON");
        }
      }
      if (typed === null || typeof typed !== "object")
        throw new MpcError("MSG_BUILD_FAILED", "eth_signTypedData_v4 takes [address, typedData]");
      try {
        return await account.signTypedData(typed as TypedDataDefinition);
      } catch (e) {
        throw new MpcError(
          "MSG_BUILD_FAILED",
          `Invalid typed data: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`,
        );
      }
    }
    default:
      throw new MpcError("METHOD_UNSUPPORTED", `Method ${method} is not supported`);
  }
}
