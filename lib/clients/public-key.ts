/**
 * A wallet's `publicKey` as people compare it with other tools. The client read carries it as a
 * stringified JSON document (api-shapes §1.4): `{"X":"<decimal>","Y":"<decimal>"}` for SECP256K1,
 * `{"X":"<hex>"}` for ED25519. Wallet software shows SECP256K1 keys as 33-byte compressed SEC1 hex
 * and ED25519 keys as their 32 bytes in hex, so that is what the console shows; the raw value stays
 * available behind a toggle. Every point is checked to lie on its curve, so a garbled record is
 * reported instead of being shown as a plausible-looking key.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { publicKeyToAddress } from "viem/accounts";
import { z } from "zod";

export type DisplayedPublicKey =
  { ok: true; hex: string; description: string; uncompressedHex?: string } | { ok: false; reason: string };

const jsonKeySchema = z.looseObject({ X: z.string().min(1), Y: z.string().min(1).optional() });

/** A coordinate given in decimal (the documented form) or as 0x-prefixed hex. */
function coordinate(value: string): bigint | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text)) return BigInt(text);
  return undefined;
}

function readJson(raw: string): z.infer<typeof jsonKeySchema> | undefined {
  try {
    const parsed = jsonKeySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const strip0x = (hex: string) => hex.trim().replace(/^0x/i, "").toLowerCase();

function secp256k1Key(raw: string): DisplayedPublicKey {
  const json = readJson(raw);
  try {
    let point;
    if (json) {
      const x = coordinate(json.X);
      const y = json.Y === undefined ? undefined : coordinate(json.Y);
      if (x === undefined || y === undefined)
        return { ok: false, reason: "X and Y must be decimal (or 0x hex) coordinates" };
      point = secp256k1.Point.fromAffine({ x, y });
    } else {
      // Not JSON: accept a SEC1-encoded point (33 or 65 bytes of hex), as some exports give it.
      point = secp256k1.Point.fromHex(strip0x(raw));
    }
    point.assertValidity();
    return {
      ok: true,
      hex: point.toHex(true),
      description: "Compressed SEC1, 33 bytes",
      uncompressedHex: point.toHex(false),
    };
  } catch {
    return { ok: false, reason: "not a point on the secp256k1 curve" };
  }
}

function ed25519Key(raw: string): DisplayedPublicKey {
  const hex = strip0x(readJson(raw)?.X ?? raw);
  if (!/^[0-9a-f]{64}$/.test(hex)) return { ok: false, reason: "expected 32 bytes of hex" };
  try {
    ed25519.Point.fromHex(hex).assertValidity();
    return { ok: true, hex, description: "Ed25519, 32 bytes" };
  } catch {
    return { ok: false, reason: "not a point on the ed25519 curve" };
  }
}

/** Public keys are not secrets; a few thousand keep every client a busy console shows. */
const KEPT_KEYS = 2_000;
/** A key's JSON is under 200 characters; anything far longer is not kept (it is no key anyway). */
const KEPT_KEY_LENGTH = 512;
const displayed = new Map<string, DisplayedPublicKey>();
const addresses = new Map<string, `0x${string}`>();

/**
 * The key as wallet software shows it, or why the record's value cannot be read as one. A pure
 * function of its input, read on every client page and client read: the last answers are kept, so
 * the curve arithmetic (a point check costs more than the rest of a client read) runs once per key.
 */
export function displayPublicKey(curve: string, raw: string): DisplayedPublicKey {
  const key = `${curve}\u0000${raw}`;
  const kept = displayed.get(key);
  if (kept) return kept;
  const shown = curve === "SECP256K1" ? secp256k1Key(raw) : curve === "ED25519" ? ed25519Key(raw) : unknown(curve);
  if (raw.length > KEPT_KEY_LENGTH) return shown;
  if (displayed.size >= KEPT_KEYS) displayed.delete(displayed.keys().next().value as string);
  displayed.set(key, shown);
  return shown;
}

const unknown = (curve: string): DisplayedPublicKey => ({ ok: false, reason: `unknown curve ${curve}` });

/**
 * The EVM address of a SECP256K1 key: for an account-abstracted client, the address of the key that
 * owns its smart account (the record names only the smart account).
 */
export function evmAddressOfKey(curve: string, raw: string): `0x${string}` | undefined {
  if (curve !== "SECP256K1") return undefined;
  const key = displayPublicKey(curve, raw);
  if (!key.ok || !key.uncompressedHex) return undefined;
  const kept = addresses.get(key.uncompressedHex);
  if (kept) return kept;
  const address = publicKeyToAddress(`0x${key.uncompressedHex}`);
  if (addresses.size >= KEPT_KEYS) addresses.delete(addresses.keys().next().value as string);
  addresses.set(key.uncompressedHex, address);
  return address;
}
