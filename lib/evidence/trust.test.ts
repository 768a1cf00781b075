import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { fileNameNote, type Check } from "./check-export";
import { parseReviewerKeys, signatureAgainst, verdictOf, type Against } from "./trust";

/** Keys and signatures made here with Node's own crypto, not the console's helpers. */
function keyPair() {
  const { privateKey } = generateKeyPairSync("ed25519");
  const raw = createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(12);
  const pem = createPublicKey(privateKey).export({ format: "pem", type: "spki" }).toString();
  const keyId = `ed25519:${createHash("sha256").update(raw).digest("hex").slice(0, 16)}`;
  return { privateKey, publicKey: raw.toString("hex"), pem, keyId };
}

function signed(privateKey: KeyObject, body: Record<string, unknown>, keyId?: string) {
  const raw = createPublicKey(privateKey).export({ format: "der", type: "spki" }).subarray(12);
  const value = sign(null, Buffer.from(canonicalize(body)!, "utf8"), privateKey).toString("hex");
  const ownId = `ed25519:${createHash("sha256").update(raw).digest("hex").slice(0, 16)}`;
  return { ...body, signature: { algorithm: "Ed25519", keyId: keyId ?? ownId, publicKey: raw.toString("hex"), value } };
}

const consoleKey = keyPair();
const forger = keyPair();
const body = {
  kind: "audit.export",
  format: "csv",
  rows: 1,
  file: { name: "audit.csv", bytes: 8, sha256: "0".repeat(64) },
};
const genuine = signed(consoleKey.privateKey, body);
const forged = signed(forger.privateKey, body);
const fileOk: Check = { label: "SHA-256", ok: true, detail: "" };

function judge(doc: unknown, against: Against, more: Check[] = [fileOk]) {
  const { check, signer } = signatureAgainst(doc, against);
  return { check, verdict: verdictOf([check, ...more], against.by, signer) };
}

const reviewer = (publicKeys: string[], keyIds: string[] = []): Against => ({
  by: "reviewer",
  keys: { publicKeys, keyIds },
});
const published = (retiredAt: string | null = null): Against => ({
  by: "console",
  keys: [{ keyId: consoleKey.keyId, publicKey: consoleKey.publicKey, createdAt: "2026-01-01T00:00:00Z", retiredAt }],
});

describe("what the reviewer brings", () => {
  it("reads key ids, hex, PEM and the audit page's key file (which carries PEMs inside it)", () => {
    expect(parseReviewerKeys(` ${consoleKey.keyId}\n`)).toEqual({ publicKeys: [], keyIds: [consoleKey.keyId] });
    expect(parseReviewerKeys(`${consoleKey.keyId}, ${forger.keyId}`)?.keyIds).toEqual([consoleKey.keyId, forger.keyId]);
    expect(parseReviewerKeys(consoleKey.publicKey.toUpperCase())?.publicKeys).toEqual([consoleKey.publicKey]);
    expect(parseReviewerKeys(consoleKey.pem)?.publicKeys).toEqual([consoleKey.publicKey]);
    const keysFile = JSON.stringify(
      { keys: [{ keyId: consoleKey.keyId, publicKey: consoleKey.publicKey, publicKeyPem: consoleKey.pem }] },
      null,
      2,
    );
    expect(parseReviewerKeys(keysFile)?.publicKeys).toEqual([consoleKey.publicKey]);
  });

  it("refuses what holds no key", () => {
    for (const text of [
      "",
      "ed25519:0123",
      `${consoleKey.keyId} hello`,
      "{}",
      "-----BEGIN PUBLIC KEY-----\n!\n-----END PUBLIC KEY-----",
    ])
      expect(parseReviewerKeys(text)).toBeUndefined();
  });
});

describe("the verdict", () => {
  it("says Verified only against a key the reviewer gave, as a key or as a pinned id", () => {
    expect(judge(genuine, reviewer([consoleKey.publicKey])).verdict).toEqual({
      kind: "verified",
      keyId: consoleKey.keyId,
    });
    expect(judge(genuine, reviewer([], [consoleKey.keyId])).verdict).toEqual({
      kind: "verified",
      keyId: consoleKey.keyId,
    });
  });

  it("against the console's own keys says intact at most, never verified", () => {
    const { check, verdict } = judge(genuine, published());
    expect(verdict).toEqual({ kind: "integrity-only", keyId: consoleKey.keyId });
    expect(check.detail).toBe(`Valid: signed by ${consoleKey.keyId}, the current key this console publishes.`);
    // A retired key with nothing saying what it signed before: not even intact.
    expect(judge(genuine, published("2026-06-01T00:00:00Z")).check).toMatchObject({
      ok: false,
      detail: expect.stringContaining("is retired, and no statement of its successor"),
    });
  });

  it("takes a retired key's document only where its successor's statement lists it", () => {
    const successor = keyPair();
    const digest = (doc: Record<string, unknown>) => {
      const { signature: _s, ...signedBody } = doc;
      return createHash("sha256").update(canonicalize(signedBody)!, "utf8").digest("hex");
    };
    const statement = signed(successor.privateKey, {
      format: "custodian-console.key-retirement/v1",
      keyId: consoleKey.keyId,
      publicKey: consoleKey.publicKey,
      createdAt: "2026-01-01T00:00:00.000Z",
      retiredAt: "2026-06-01T00:00:00.000Z",
      documents: [{ sha256: digest(genuine), kind: "audit.export", signedAt: "2026-02-01T00:00:00.000Z" }],
    });
    const later = signed(consoleKey.privateKey, { ...body, rows: 2 });
    const keys: Against = {
      by: "reviewer",
      keys: {
        publicKeys: [consoleKey.publicKey, successor.publicKey],
        keyIds: [],
        retired: [{ publicKey: consoleKey.publicKey, retiredAt: "2026-06-01T00:00:00.000Z", retirement: statement }],
      },
    };
    expect(judge(genuine, keys)).toMatchObject({
      check: {
        ok: true,
        detail: expect.stringContaining(
          `the statement ${successor.keyId} signed at its retirement lists this document`,
        ),
      },
      verdict: { kind: "verified" },
    });
    expect(judge(later, keys).check).toMatchObject({
      ok: false,
      detail: expect.stringContaining("not among the documents"),
    });
    // The statement must come from another key the reviewer trusts, not from the retired key itself.
    const selfMade = signed(consoleKey.privateKey, { ...statement, signature: undefined });
    const selfTrusted: Against = {
      by: "reviewer",
      keys: {
        ...keys.keys,
        retired: [{ publicKey: consoleKey.publicKey, retiredAt: "2026-06-01T00:00:00.000Z", retirement: selfMade }],
      },
    };
    expect(judge(later, selfTrusted).check.ok).toBe(false);
    // The audit page's key file carries the statement beside the retired key.
    const file = JSON.stringify({
      keys: [
        { publicKey: successor.publicKey, retiredAt: null },
        { publicKey: consoleKey.publicKey, retiredAt: "2026-06-01T00:00:00.000Z", retirement: statement },
      ],
    });
    expect(parseReviewerKeys(file)?.retired).toEqual([
      { publicKey: consoleKey.publicKey, retiredAt: "2026-06-01T00:00:00.000Z", retirement: statement },
    ]);
  });

  it("names the forger's key when a valid signature is by a key not trusted", () => {
    expect(judge(forged, reviewer([consoleKey.publicKey])).verdict).toEqual({
      kind: "failed",
      by: "reviewer",
      signer: forger.keyId,
      differs: [],
    });
    expect(judge(forged, reviewer([], [consoleKey.keyId])).verdict).toMatchObject({ signer: forger.keyId });
    expect(judge(forged, published()).verdict).toEqual({
      kind: "failed",
      by: "console",
      signer: forger.keyId,
      differs: [],
    });
  });

  it("refuses a forgery that states the pinned key id over its own public key", () => {
    const claiming = signed(forger.privateKey, body, consoleKey.keyId);
    const { check, verdict } = judge(claiming, reviewer([], [consoleKey.keyId]));
    expect(check.ok).toBe(false);
    expect(verdict).toEqual({ kind: "failed", by: "reviewer", differs: ["Signature"] });
  });

  it("fails on a changed document or a file check that differs, with the reviewer's key too", () => {
    expect(judge({ ...genuine, rows: 2 }, reviewer([consoleKey.publicKey])).verdict).toEqual({
      kind: "failed",
      by: "reviewer",
      differs: ["Signature"],
    });
    expect(judge(genuine, reviewer([consoleKey.publicKey]), [{ ...fileOk, ok: false }]).verdict).toEqual({
      kind: "failed",
      by: "reviewer",
      differs: ["SHA-256"],
    });
  });
});

describe("the file-name note", () => {
  it("notes a file not named as the manifest names it, and nothing when it is", () => {
    expect(fileNameNote(body, "audit (1).csv")).toBe("the file is named audit (1).csv; the manifest names audit.csv");
    expect(fileNameNote(body, "audit.csv")).toBeUndefined();
  });

  it("notes it whenever the manifest names a file, as the command does, even one it describes no further", () => {
    expect(fileNameNote({ file: { name: "audit.csv" } }, "other.csv")).toBe(
      "the file is named other.csv; the manifest names audit.csv",
    );
    expect(fileNameNote({ file: {} }, "other.csv")).toBeUndefined();
    expect(fileNameNote(null, "other.csv")).toBeUndefined();
  });
});
