import { describe, expect, it } from "vitest";
import { displayPublicKey, evmAddressOfKey } from "./public-key";

// The secp256k1 generator G (SEC 2, §2.4.1), in the record's decimal JSON form.
const GX = "55066263022277343669578718895168534326250603453777594175500187360389116729240";
const GY = "32670510020758816978083085130507043184471273380659243275938904335757337482424";
const P = 2n ** 256n - 2n ** 32n - 977n;
const G_COMPRESSED = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";

describe("SECP256K1 public keys", () => {
  it("shows G as its well-known compressed form", () => {
    const key = displayPublicKey("SECP256K1", JSON.stringify({ X: GX, Y: GY }));
    expect(key).toMatchObject({ ok: true, hex: G_COMPRESSED, description: "Compressed SEC1, 33 bytes" });
  });

  it("prefixes 03 when Y is odd (-G has the same X and Y = p - Gy)", () => {
    const key = displayPublicKey("SECP256K1", JSON.stringify({ X: GX, Y: String(P - BigInt(GY)) }));
    expect(key).toMatchObject({ ok: true, hex: `03${G_COMPRESSED.slice(2)}` });
  });

  it("accepts hex coordinates and a SEC1-encoded point too", () => {
    const hexJson = JSON.stringify({ X: `0x${BigInt(GX).toString(16)}`, Y: `0x${BigInt(GY).toString(16)}` });
    expect(displayPublicKey("SECP256K1", hexJson)).toMatchObject({ ok: true, hex: G_COMPRESSED });
    expect(displayPublicKey("SECP256K1", G_COMPRESSED)).toMatchObject({ ok: true, hex: G_COMPRESSED });
  });

  it.each([
    ["a point off the curve", JSON.stringify({ X: GX, Y: "1" })],
    ["a missing Y", JSON.stringify({ X: GX })],
    ["words", JSON.stringify({ X: "abc", Y: "def" })],
    ["the docs' placeholder", "stringifiedJSON"],
    ["nothing", ""],
  ])("reports %s instead of showing a key", (_name, raw) => {
    expect(displayPublicKey("SECP256K1", raw)).toMatchObject({ ok: false });
  });

  it("gives the EVM address of the key (private key 1 → 0x7E5F…5Bdf)", () => {
    expect(evmAddressOfKey("SECP256K1", JSON.stringify({ X: GX, Y: GY }))).toBe(
      "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
    );
    expect(evmAddressOfKey("ED25519", JSON.stringify({ X: GX }))).toBeUndefined();
  });
});

describe("ED25519 public keys", () => {
  // RFC 8032 §7.1, test 1.
  const RFC_KEY = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

  it("shows the 32 bytes as hex, with or without 0x", () => {
    expect(displayPublicKey("ED25519", JSON.stringify({ X: RFC_KEY }))).toEqual({
      ok: true,
      hex: RFC_KEY,
      description: "Ed25519, 32 bytes",
    });
    expect(displayPublicKey("ED25519", JSON.stringify({ X: `0x${RFC_KEY.toUpperCase()}` }))).toMatchObject({
      hex: RFC_KEY,
    });
  });

  it.each([
    ["a short key", JSON.stringify({ X: RFC_KEY.slice(2) })],
    ["not hex", JSON.stringify({ X: "z".repeat(64) })],
  ])("reports %s", (_name, raw) => {
    expect(displayPublicKey("ED25519", raw)).toMatchObject({ ok: false });
  });

  it("knows no other curve", () => {
    expect(displayPublicKey("BLS12381", "{}")).toMatchObject({ ok: false, reason: "unknown curve BLS12381" });
  });
});
