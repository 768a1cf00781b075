/**
 * What the header's search box was given: a client id opens the client; an address of any family
 * the console knows starts a scan of every client (the API has no search).
 */
import { isClientId } from "./client-id";

export type SearchInput =
  | { kind: "address"; family: "EVM" | "Bitcoin" | "Solana" | "Tron" | "Stellar"; value: string }
  | { kind: "client-id"; value: string }
  | { kind: "invalid"; message: string };

const ADDRESS_FORMS: { family: Extract<SearchInput, { kind: "address" }>["family"]; test: RegExp }[] = [
  { family: "EVM", test: /^0x[0-9a-fA-F]{40}$/ },
  { family: "Bitcoin", test: /^(bc1|tb1)[02-9ac-hj-np-z]{8,87}$/i },
  { family: "Tron", test: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  { family: "Stellar", test: /^G[A-Z2-7]{55}$/ },
  // Solana: base58 of 32 bytes, 32 to 44 characters (longer than any client id the API issues).
  { family: "Solana", test: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ },
];

export function classifySearch(raw: string): SearchInput {
  const value = raw.trim();
  if (!value) return { kind: "invalid", message: "Type a client id or an address." };
  const address = ADDRESS_FORMS.find((f) => f.test.test(value));
  if (address) return { kind: "address", family: address.family, value };
  if (isClientId(value)) return { kind: "client-id", value };
  return {
    kind: "invalid",
    message: "That is neither a client id nor an address the console knows (EVM, Bitcoin, Solana, Tron, Stellar).",
  };
}
