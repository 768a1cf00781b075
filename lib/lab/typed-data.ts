/**
 * EIP-712 typed data as the lab's form takes it (a JSON document, as eth_signTypedData_v4 carries
 * it), checked by hashing it the way a wallet would: whatever does not hash is refused in the form.
 */
import { hashTypedData, type TypedDataDefinition } from "viem";
import { evmChainReference } from "../chains";

export type TypedDataDocument = TypedDataDefinition & { domain?: Record<string, unknown> };

/** The document, or why it cannot be signed as typed data on `chainId`. */
export function readTypedData(
  text: string,
  chainId: string,
): { ok: true; value: TypedDataDocument } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The typed data is not valid JSON" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: "The typed data must be a JSON object with types, primaryType, domain and message" };
  const doc = parsed as Record<string, unknown>;
  for (const key of ["types", "primaryType", "message"] as const)
    if (doc[key] === undefined) return { ok: false, reason: `The typed data has no “${key}”` };
  const domain = (doc.domain ?? {}) as Record<string, unknown>;
  if (typeof domain !== "object" || domain === null) return { ok: false, reason: "“domain” must be an object" };
  // A wallet refuses typed data bound to another chain than the one it signs on.
  if (domain.chainId !== undefined) {
    const want = evmChainReference(chainId);
    const given = Number(domain.chainId);
    if (!Number.isSafeInteger(given) || given !== want)
      return {
        ok: false,
        reason: `domain.chainId is ${String(domain.chainId)} but the chosen chain is ${want}: make them the same`,
      };
  }
  try {
    hashTypedData(doc as unknown as TypedDataDefinition);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    return { ok: false, reason: `The typed data cannot be hashed under EIP-712: ${first}` };
  }
  return { ok: true, value: doc as unknown as TypedDataDocument };
}

/** EIP-712's own example (a Mail), bound to the chosen chain: what the form starts with. */
export function exampleTypedData(chainId: string): string {
  return JSON.stringify(
    {
      domain: {
        name: "Custodian Console wallet lab",
        version: "1",
        chainId: evmChainReference(chainId) ?? 1,
        verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC",
      },
      types: {
        Person: [
          { name: "name", type: "string" },
          { name: "wallet", type: "address" },
        ],
        Mail: [
          { name: "from", type: "Person" },
          { name: "to", type: "Person" },
          { name: "contents", type: "string" },
        ],
      },
      primaryType: "Mail",
      message: {
        from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
        to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
        contents: "Hello, Bob!",
      },
    },
    null,
    2,
  );
}
