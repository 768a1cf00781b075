/**
 * An Ed25519 public key as a PEM SubjectPublicKeyInfo (RFC 8410), the form OpenSSL and most libraries
 * read: the fixed DER prefix for an Ed25519 key, then its 32 bytes. Isomorphic (btoa, no Buffer).
 */
const SPKI_ED25519_PREFIX = "302a300506032b6570032100";

export function ed25519PublicKeyPem(publicKeyHex: string): string {
  const hex = SPKI_ED25519_PREFIX + publicKeyHex;
  let binary = "";
  for (let i = 0; i < hex.length; i += 2) binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(binary)}\n-----END PUBLIC KEY-----\n`;
}

/**
 * The keys in a file a reviewer brings: the JSON the audit page downloads ({ keys: [...] }), a PEM
 * public key, or 64 hex digits. Undefined when it is none of them.
 */
export function parsePublicKeys(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return [trimmed.toLowerCase()];
  // JSON first: the audit page's file carries each key's PEM inside it too.
  if (trimmed.startsWith("{")) {
    try {
      const json = JSON.parse(trimmed) as { keys?: { publicKey?: unknown }[] };
      const keys = (json.keys ?? []).map((k) => k.publicKey).filter((k): k is string => typeof k === "string");
      return keys.length > 0 && keys.every((k) => /^[0-9a-f]{64}$/.test(k)) ? keys : undefined;
    } catch {
      return undefined;
    }
  }
  const pem = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/.exec(trimmed);
  if (!pem?.[1]) return undefined;
  let binary: string;
  try {
    binary = atob(pem[1].replace(/\s+/g, ""));
  } catch {
    return undefined;
  }
  const hex = [...binary].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
  return hex.startsWith(SPKI_ED25519_PREFIX) && hex.length === SPKI_ED25519_PREFIX.length + 64
    ? [hex.slice(SPKI_ED25519_PREFIX.length)]
    : undefined;
}
