import "server-only";
import { getEnv } from "@/server/env";
import { kekId } from "./envelope";
import { VaultError } from "./envelope";

export interface Keyring {
  current: { id: string; key: Buffer };
  /** Every key that may have wrapped a stored record, the current one included, by id. */
  byId: Map<string, Buffer>;
}

let cached: { source: string; ring: Keyring } | undefined;

/** CONSOLE_VAULT_KEY (wraps everything new) and CONSOLE_VAULT_PREVIOUS_KEYS (still open what they wrapped). */
export function keyring(): Keyring {
  const env = getEnv();
  const previous = env.CONSOLE_VAULT_PREVIOUS_KEYS ?? [];
  const source = [env.CONSOLE_VAULT_KEY, ...previous].join(",");
  if (cached?.source === source) return cached.ring;
  const key = Buffer.from(env.CONSOLE_VAULT_KEY, "base64");
  const byId = new Map<string, Buffer>([[kekId(key), key]]);
  for (const k of previous) {
    const b = Buffer.from(k, "base64");
    if (!byId.has(kekId(b))) byId.set(kekId(b), b);
  }
  cached = { source, ring: { current: { id: kekId(key), key }, byId } };
  return cached.ring;
}

export function keyOf(ring: Keyring, id: string): Buffer {
  const key = ring.byId.get(id);
  if (!key)
    throw new VaultError(
      `a vault record was wrapped by key ${id}, which is neither CONSOLE_VAULT_KEY nor one of CONSOLE_VAULT_PREVIOUS_KEYS`,
    );
  return key;
}
