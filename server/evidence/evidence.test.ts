import { execFileSync, spawnSync } from "node:child_process";
import { createHash, createPublicKey, sign } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import canonicalize from "canonicalize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ed25519PublicKeyPem, parsePublicKeys } from "@/lib/evidence/pem";
import { retiredKeyCovers } from "@/lib/evidence/retirement";
import { checkSignature, keyIdOf } from "@/lib/evidence/signature";
import { auditCsv } from "@/server/audit/csv";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb } from "@/testing/db";
import { rotateEvidenceKey } from "./rotate";
import { signDocument } from "./sign";
import { currentSigningKey, forgetSigningKeysForTests, publishedKeys, shownPublishedKeys } from "./signing-keys";

/**
 * The evidence a reviewer checks without trusting the console: each signature is verified here by
 * tools that share nothing with the console's code — OpenSSL's command line over the canonical JSON
 * that Python's standard library prints, Node's own crypto, and `npm run verify-export`.
 */
let handle: DbHandle;
const dir = mkdtempSync(path.join(tmpdir(), "console-evidence-"));
const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

beforeAll(async () => {
  handle = await openTestDb("pglite");
  setDbForTests(handle);
});
afterAll(async () => {
  setDbForTests(undefined);
  await handle?.close();
});

const record = (seq: number, target: string) => ({
  seq,
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  at: "2026-11-21T09:30:00.000Z",
  actorEmail: "alice@example.com",
  actorRole: "admin",
  action: "users.create",
  target,
  input: { role: "support", note: "é ünïcode ✓" },
  outcome: "ok" as const,
  errorCode: null,
  errorMessage: null,
  requestId: "r1",
  ip: "203.0.113.7",
  intentId: null,
  hash: "ab".repeat(32),
});

/** A signed manifest of a small real CSV, as an export writes them. */
async function signedExport() {
  const { csv, sha256 } = auditCsv([record(2, 'line\nbreak, "quoted"'), record(1, "=formula")]);
  const manifest = await signDocument(handle.db, {
    manifestVersion: 1,
    kind: "audit.export",
    format: "csv",
    file: { name: "audit.csv", bytes: Buffer.byteLength(csv), sha256 },
    rows: 2,
    generatedBy: { id: "u1", email: "alice@example.com" },
    note: 'é ünïcode ✓ and a "quote"',
  });
  return { csv, manifest };
}

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ["scripts/verify-export.mjs", ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe("signed evidence", () => {
  it("signs with an Ed25519 key that OpenSSL verifies over the JSON Python's standard library canonicalizes", async () => {
    const { manifest } = await signedExport();
    const key = await currentSigningKey(handle.db);
    // The PEM from Node's own key export, not from the console's helper (which must agree with it).
    const pem = createPublicKey(key.privateKey).export({ type: "spki", format: "pem" }).toString();
    expect(ed25519PublicKeyPem(manifest.signature.publicKey)).toBe(pem);
    const manifestFile = write("manifest.json", JSON.stringify(manifest, null, 2));
    const payload = path.join(dir, "payload"),
      sig = path.join(dir, "sig"),
      keyFile = write("key.pem", pem);
    execFileSync("python3", [
      "-c",
      `import json,sys
d=json.load(open(sys.argv[1], encoding="utf-8")); s=d.pop("signature")
open(sys.argv[2],"w",encoding="utf-8").write(json.dumps(d,sort_keys=True,separators=(",",":"),ensure_ascii=False))
open(sys.argv[3],"wb").write(bytes.fromhex(s["value"]))`,
      manifestFile,
      payload,
      sig,
    ]);
    const verify = (data: string) =>
      spawnSync(
        "openssl",
        ["pkeyutl", "-verify", "-pubin", "-inkey", keyFile, "-rawin", "-in", data, "-sigfile", sig],
        {
          encoding: "utf8",
        },
      );
    expect(verify(payload).stdout).toContain("Signature Verified Successfully");
    // One changed character and OpenSSL refuses it.
    const altered = write(
      "altered",
      (await import("node:fs")).readFileSync(payload, "utf8").replace('"rows":2', '"rows":3'),
    );
    expect(verify(altered).status).not.toBe(0);
  });

  it("names its key by the SHA-256 of the public key, and any change to the document breaks it", async () => {
    const { manifest } = await signedExport();
    const hex = manifest.signature.publicKey;
    expect(manifest.signature.keyId).toBe(
      `ed25519:${createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex").slice(0, 16)}`,
    );
    expect(keyIdOf(hex)).toBe(manifest.signature.keyId);
    expect(checkSignature(manifest, [hex])).toMatchObject({ ok: true, trusted: true });
    expect(checkSignature({ ...manifest, rows: 3 })).toMatchObject({ ok: false });
    expect(checkSignature({ ...manifest, file: { ...manifest.file, sha256: "00".repeat(32) } })).toMatchObject({
      ok: false,
    });
    // A valid signature by a key the reviewer does not trust is refused as such.
    expect(checkSignature(manifest, ["11".repeat(32)])).toMatchObject({ ok: false });
  });

  it("npm run verify-export prints OK, or exactly what differs, with exit codes 0, 1 and 3", async () => {
    const { csv, manifest } = await signedExport();
    const file = write("audit.csv", csv);
    const manifestFile = write("audit.csv.manifest.json", JSON.stringify(manifest, null, 2));
    const keys = write("keys.json", JSON.stringify({ keys: await publishedKeys(handle.db) }));
    const pem = write("key.pem", ed25519PublicKeyPem(manifest.signature.publicKey));

    const ok = cli([file, manifestFile, keys]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toMatch(/ok +signature: valid, by ed25519:[0-9a-f]{16}, one of the public keys given/);
    expect(ok.out).toMatch(/ok +rows: file 2, manifest 2/);
    expect(ok.out.trim().split("\n").at(-1)).toBe("OK");
    expect(cli([file, manifestFile, pem])).toMatchObject({ code: 0 });

    const changedFile = write("changed.csv", csv.replace("=formula", "=formulb"));
    const changed = cli([changedFile, manifestFile, keys]);
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(/DIFFERS sha-256: file [0-9a-f]{64}, manifest [0-9a-f]{64}/);
    expect(changed.out).toContain("NOT VERIFIED");

    const oneRowMore = write("more.csv", `${csv}3,x,y\n`);
    expect(cli([oneRowMore, manifestFile, keys]).out).toMatch(/DIFFERS rows: file 3, manifest 2/);

    const forged = write("forged.json", JSON.stringify({ ...manifest, rows: 3 }));
    expect(cli([file, forged, keys]).out).toMatch(/DIFFERS signature: does not match the document/);

    const stranger = write("stranger.txt", "22".repeat(32));
    expect(cli([file, manifestFile, stranger]).out).toMatch(
      /DIFFERS signature: valid, but by .* not among the public keys given/,
    );

    // Without a key it proves the document unchanged, not who signed it: not verified (scripts/verify-export.test.ts).
    const unkeyed = cli([file, manifestFile]);
    expect(unkeyed.code).toBe(3);
    expect(unkeyed.out.trim().split("\n").at(-1)).toBe("NOT VERIFIED: no trusted key given");
  });

  it("keeps retired keys published so what they signed still verifies; a retired key signs nothing more", async () => {
    const exposed = (await currentSigningKey(handle.db)).privateKey;
    const before = await signDocument(handle.db, { kind: "audit.export", n: 1 });
    const shownBefore = await shownPublishedKeys();
    const { retired, current } = await rotateEvidenceKey(handle.db);
    expect(retired).toBe(before.signature.keyId);
    forgetSigningKeysForTests();
    const after = await signDocument(handle.db, { kind: "audit.export", n: 2 });
    expect(after.signature.keyId).toBe(current);
    const keys = await publishedKeys(handle.db);
    expect(keys[0]).toMatchObject({ keyId: current, retiredAt: null });
    // What the pages are served follows the rotation (the vault was written), retirement statement included.
    expect(await shownPublishedKeys()).toEqual(keys);
    expect(shownBefore).not.toEqual(keys);
    expect(keys.find((k) => k.keyId === retired)?.retiredAt).toEqual(expect.any(String));
    const trusted = keys.map((k) => k.publicKey);
    expect(checkSignature(before, trusted)).toMatchObject({ ok: true });
    expect(checkSignature(after, trusted)).toMatchObject({ ok: true });
    // The retired key vouches only for what its successor listed (each by the digest of its signed bytes).
    const retirement = keys.find((k) => k.keyId === retired)?.retirement;
    expect(retiredKeyCovers(before, retirement, trusted)).toMatchObject({ ok: true });
    const forgedLater = { kind: "audit.export", n: 3 };
    const value = sign(null, Buffer.from(canonicalize(forgedLater)!, "utf8"), exposed).toString("hex");
    const forged = { ...forgedLater, signature: { ...before.signature, value } };
    expect(checkSignature(forged, trusted)).toMatchObject({ ok: true }); // a valid signature…
    expect(retiredKeyCovers(forged, retirement, trusted)).toMatchObject({ ok: false }); // …of nothing it signed
    // The keys file the audit page hands out is read back by the verify page's parser.
    expect(parsePublicKeys(JSON.stringify({ keys }))).toEqual(trusted);
    expect(parsePublicKeys(ed25519PublicKeyPem(after.signature.publicKey))).toEqual([after.signature.publicKey]);
  });

  it("creates one key when several instances ask at once", async () => {
    const fresh = await openTestDb("pglite");
    try {
      const made = await Promise.all(
        Array.from({ length: 4 }, () => {
          forgetSigningKeysForTests();
          return currentSigningKey(fresh.db);
        }),
      );
      expect(new Set(made.map((k) => k.keyId)).size).toBe(1);
      expect(await publishedKeys(fresh.db)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
