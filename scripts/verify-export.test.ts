import { execFileSync, spawnSync } from "node:child_process";
import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import canonicalize from "canonicalize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecks } from "@/components/audit/verify-run";
import { documentKind, fileNameNote } from "@/lib/evidence/check-export";
import type { DbHandle } from "@/server/db/client";
import { rotateEvidenceKey } from "@/server/evidence/rotate";
import { signDocument } from "@/server/evidence/sign";
import { currentSigningKey, publishedKeys } from "@/server/evidence/signing-keys";
import { openTestDb } from "@/testing/db";

/**
 * `npm run verify-export` run as a reviewer runs it: a child process of Node, on files written here.
 * The genuine manifest is signed by the console's own signer and key; every expectation (key ids,
 * digests, the forger's signature) is worked out here with Node's crypto, not with the console's code.
 */
const SCRIPT = fileURLToPath(new URL("./verify-export.mjs", import.meta.url));
const NO_KEY = "NOT VERIFIED: no trusted key given";

let handle: DbHandle;
const dir = mkdtempSync(path.join(tmpdir(), "verify-export-"));
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
  const out = r.stdout + r.stderr;
  return { code: r.status, out, last: r.stdout.trimEnd().split("\n").at(-1) };
}

const rawPublicKey = (key: KeyObject) => createPublicKey(key).export({ format: "der", type: "spki" }).subarray(12);
const keyIdOf = (raw: Buffer) => `ed25519:${createHash("sha256").update(raw).digest("hex").slice(0, 16)}`;

/** Signs a document the way the scheme says, with any key: what a forger can do with their own. */
function signWith(privateKey: KeyObject, body: Record<string, unknown>, claimedKeyId?: string) {
  const raw = rawPublicKey(privateKey);
  const value = sign(null, Buffer.from(canonicalize(body)!, "utf8"), privateKey).toString("hex");
  const signature = {
    algorithm: "Ed25519",
    keyId: claimedKeyId ?? keyIdOf(raw),
    publicKey: raw.toString("hex"),
    value,
  };
  return { ...body, signature };
}

// A small CSV with a quoted line break and quotes: two records after the header.
const csv = 'seq,target\n2,"line\nbreak, ""quoted"""\n1,=formula\n';
const sha256 = createHash("sha256").update(csv).digest("hex");
const body = {
  manifestVersion: 1,
  kind: "audit.export",
  format: "csv",
  file: { name: "audit.csv", bytes: Buffer.byteLength(csv), sha256 },
  rows: 2,
  generatedAt: "2026-11-21T09:30:00.000Z",
  note: 'é ünïcode ✓ and a "quote"',
};

let files: { csv: string; manifest: string; keysJson: string; pem: string; consoleKeyId: string; consoleKey: string };

beforeAll(async () => {
  handle = await openTestDb("pglite");
  const key = await currentSigningKey(handle.db);
  const consoleKeyId = keyIdOf(rawPublicKey(key.privateKey));
  const pem = createPublicKey(key.privateKey).export({ format: "pem", type: "spki" }).toString();
  // The keys file as the audit page downloads it: every published key, each with its PEM.
  const keys = (await publishedKeys(handle.db)).map((k) => ({ ...k, publicKeyPem: pem }));
  files = {
    csv: write("audit.csv", csv),
    manifest: write("audit.csv.manifest.json", JSON.stringify(await signDocument(handle.db, body), null, 2)),
    keysJson: write("custodian-console-signing-keys.json", JSON.stringify({ keys }, null, 2)),
    pem: write("custodian-console-signing-key.pem", pem),
    consoleKeyId,
    consoleKey: rawPublicKey(key.privateKey).toString("hex"),
  };
});
afterAll(async () => handle?.close());

// Each run is a fresh Node (or Python) process: a fraction of a second alone, several seconds on a busy
// two-core machine, and some tests run seven of them.
describe("npm run verify-export", { timeout: 90_000 }, () => {
  it("prints OK and exits 0 for a genuine manifest and its file, with the console's key given either way", () => {
    const positional = cli(files.csv, files.manifest, files.keysJson);
    expect(positional).toMatchObject({ code: 0, last: "OK" });
    expect(positional.out).toContain(
      `ok      signature: valid, by ${files.consoleKeyId}, one of the public keys given`,
    );
    expect(positional.out).toContain(`ok      sha-256: file ${sha256}, manifest ${sha256}`);
    expect(positional.out).toContain("ok      rows: file 2, manifest 2");
    expect(cli(files.csv, files.manifest, "--key", files.pem)).toMatchObject({ code: 0, last: "OK" });
    expect(cli("--key", files.keysJson, files.csv, files.manifest)).toMatchObject({ code: 0, last: "OK" });
  });

  it("without a trusted key prints what it checked, ends NOT VERIFIED and exits 3", () => {
    const r = cli(files.csv, files.manifest);
    expect(r.code).toBe(3);
    expect(r.last).toBe(NO_KEY);
    expect(r.out).toContain(`file: ${files.csv}`);
    expect(r.out).toContain(`ok      size: file ${Buffer.byteLength(csv)} bytes`);
    expect(r.out).toContain(`ok      sha-256: file ${sha256}`);
    expect(r.out).toContain("ok      rows: file 2, manifest 2");
    expect(r.out).toContain(`signature: valid for the key the document names ${files.consoleKeyId}`);
    expect(r.out).not.toMatch(/^OK$/m);
  });

  it("accepts the key id a reviewer pinned, matched against the document's id and its public key's", () => {
    expect(cli(files.csv, files.manifest, "--key-id", files.consoleKeyId)).toMatchObject({ code: 0, last: "OK" });
    // Pinned among others, given twice.
    expect(
      cli(files.csv, files.manifest, "--key-id", "ed25519:0123456789abcdef", "--key-id", files.consoleKeyId),
    ).toMatchObject({ code: 0, last: "OK" });
    const other = cli(files.csv, files.manifest, "--key-id", "ed25519:0123456789abcdef");
    expect(other.code).toBe(1);
    expect(other.last).toBe(`NOT VERIFIED: signed by ${files.consoleKeyId}, which is not a key you trust`);
  });

  describe("a forgery signed with a key anyone can make", () => {
    const forger = generateKeyPairSync("ed25519").privateKey;
    const forgerKeyId = keyIdOf(rawPublicKey(forger));
    const forged = () => write("forged.manifest.json", JSON.stringify(signWith(forger, body)));

    it("is not OK without a trusted key: exit 3, not 0", () => {
      const r = cli(files.csv, forged());
      expect(r.code).toBe(3);
      expect(r.last).toBe(NO_KEY);
      expect(r.out).toContain(`valid for the key the document names ${forgerKeyId}`);
    });

    it("is refused against the console's key or its pinned id, naming the forger's key id (exit 1)", () => {
      for (const trust of [[files.keysJson], ["--key", files.pem], ["--key-id", files.consoleKeyId]]) {
        const r = cli(files.csv, forged(), ...trust);
        expect(r.code).toBe(1);
        expect(r.out).toContain(`DIFFERS signature: valid, but by ${forgerKeyId}`);
        expect(r.last).toBe(`NOT VERIFIED: signed by ${forgerKeyId}, which is not a key you trust`);
      }
    });

    it("is refused when it claims the console's key id over its own public key", () => {
      const claiming = write("claiming.json", JSON.stringify(signWith(forger, body, files.consoleKeyId)));
      const r = cli(files.csv, claiming, "--key-id", files.consoleKeyId);
      expect(r.code).toBe(1);
      expect(r.out).toContain(`DIFFERS signature: key id ${files.consoleKeyId} does not belong to its public key`);
      expect(r.out).not.toMatch(/^OK$/m);
    });
  });

  it("names a changed file as differing (exit 1), with or without a key", () => {
    const tampered = write("tampered.csv", csv.replace("=formula", "=formulb"));
    const tamperedSha = createHash("sha256").update(csv.replace("=formula", "=formulb")).digest("hex");
    const keyed = cli(tampered, files.manifest, files.keysJson);
    expect(keyed.code).toBe(1);
    expect(keyed.out).toContain(`DIFFERS sha-256: file ${tamperedSha}, manifest ${sha256}`);
    expect(keyed.last).toBe("NOT VERIFIED: the SHA-256 differs");
    const unkeyed = cli(tampered, files.manifest);
    expect(unkeyed.code).toBe(1);
    expect(unkeyed.last).toBe("NOT VERIFIED: the SHA-256 differs; no trusted key given");
  });

  it("notes a file whose name is not the manifest's, and still checks its content", () => {
    const renamed = path.join(dir, "renamed.csv");
    copyFileSync(files.csv, renamed);
    const r = cli(renamed, files.manifest, files.keysJson);
    expect(r.out).toContain("note: the file is named renamed.csv; the manifest names audit.csv");
    expect(r).toMatchObject({ code: 0, last: "OK" });
    // The verify page says the same of the same files, in the same words (after its own "Note:").
    const manifest = JSON.parse(readFileSync(files.manifest, "utf8")) as unknown;
    expect(r.out).toContain(`note: ${fileNameNote(manifest, "renamed.csv")}\n`);
    expect(fileNameNote(manifest, "audit.csv")).toBeUndefined();
    expect(cli(files.csv, files.manifest, files.keysJson).out).not.toContain("note:");
  });

  it("checks a checkpoint alone, with the key after it or without one", async () => {
    const checkpoint = await signDocument(handle.db, {
      format: "custodian-console.audit-checkpoint/v2",
      chainId: "c1",
      count: 7,
      lastSeq: 7,
      at: "2026-11-21T10:00:00.000Z",
    });
    const file = write("checkpoint.json", JSON.stringify(checkpoint));
    const keyed = cli(file, files.pem);
    expect(keyed).toMatchObject({ code: 0, last: "OK" });
    expect(keyed.out).toContain("ok      checkpoint: 7 records up to #7 of chain c1");
    expect(cli(file)).toMatchObject({ code: 3, last: NO_KEY });
    expect(cli(write("changed-checkpoint.json", JSON.stringify({ ...checkpoint, count: 6 })), files.pem).code).toBe(1);
  });

  it("checks a case bundle alone: its records linked in chain order, each export in it signed by a key you trust", async () => {
    const manifest = JSON.parse(readFileSync(files.manifest, "utf8")) as Record<string, unknown>;
    const record = (seq: number, hash: string, prevHash: string) => ({
      seq,
      id: `00000000-0000-4000-8000-00000000000${seq}`,
      action: "credentials.web-otp",
      outcome: "ok",
      input: { input: { clientId: "c-1" }, case: "ABC-1" },
      hash,
      prevHash,
    });
    const bundleBody = (records: ReturnType<typeof record>[], exports: unknown[]) => ({
      format: "custodian-console.case-bundle/v1",
      kind: "case.bundle",
      case: "ABC-1",
      createdAt: "2026-11-29T10:00:00.000Z",
      createdBy: "ada@example.com",
      chain: { chainId: "c1", headSeq: 12, headHash: "f".repeat(64) },
      recordCount: records.length,
      records,
      exports,
    });
    const linked = [
      record(5, "a".repeat(64), "9".repeat(64)),
      record(6, "b".repeat(64), "a".repeat(64)),
      record(9, "c".repeat(64), "8".repeat(64)),
    ];
    const genuine = write(
      "case-ABC-1.json",
      JSON.stringify(await signDocument(handle.db, bundleBody(linked, [manifest]))),
    );
    const keyed = cli(genuine, "--key", files.pem);
    expect(keyed).toMatchObject({ code: 0, last: "OK" });
    expect(keyed.out).toContain("ok      chain order: #5 to #9, 1 of 1 neighbours linked by hash");
    expect(keyed.out).toContain("ok      export 1 signature: valid, by");
    expect(cli(genuine)).toMatchObject({ code: 3, last: NO_KEY });

    // A record changed after signing: the bundle's own signature no longer holds.
    const changed = JSON.parse(readFileSync(genuine, "utf8")) as { records: { input: { case: string } }[] };
    changed.records[0]!.input.case = "ABC-2";
    expect(cli(write("changed-bundle.json", JSON.stringify(changed)), "--key", files.pem).code).toBe(1);

    // Signed by the console but not sound: neighbours that do not link, an export signed by a stranger.
    const unlinked = [record(5, "a".repeat(64), "9".repeat(64)), record(6, "b".repeat(64), "e".repeat(64))];
    const broken = cli(
      write("unlinked.json", JSON.stringify(await signDocument(handle.db, bundleBody(unlinked, [])))),
      files.pem,
    );
    expect(broken.code).toBe(1);
    expect(broken.last).toContain("neighbouring records do not link");
    const { privateKey: forger } = generateKeyPairSync("ed25519");
    const stranger = signWith(forger, body);
    const foreign = cli(
      write("foreign-export.json", JSON.stringify(await signDocument(handle.db, bundleBody(linked, [stranger])))),
      files.pem,
    );
    expect(foreign.code).toBe(1);
    expect(foreign.last).toContain("which is not a key you trust");
  });

  it("takes a retired key's document only where its successor listed it at the retirement", async () => {
    const fresh = await openTestDb("pglite");
    try {
      const exposed = (await currentSigningKey(fresh.db)).privateKey; // what an attacker may hold of the old key
      const genuine = write("before.manifest.json", JSON.stringify(await signDocument(fresh.db, body)));
      const { retired, current, listed } = await rotateEvidenceKey(fresh.db);
      expect(listed).toBeGreaterThanOrEqual(1);
      const keys = await publishedKeys(fresh.db);
      const keysFile = write("keys-after.json", JSON.stringify({ keys }));
      const ok = cli(files.csv, genuine, "--key", keysFile);
      expect(ok).toMatchObject({ code: 0, last: "OK" });
      expect(ok.out).toContain(`by ${retired}, retired`);
      expect(ok.out).toContain(`the statement ${current} signed at its retirement lists it`);

      // Signed with the retired key after its retirement: valid as a signature, not listed.
      const later = write("later.manifest.json", JSON.stringify(signWith(exposed, { ...body, note: "after" })));
      const refused = cli(files.csv, later, "--key", keysFile);
      expect(refused.code).toBe(1);
      expect(refused.last).toContain(`signed by the retired key ${retired} but not listed by its successor`);

      // A key file without the statement proves nothing about when the retired key signed.
      const bare = write("keys-bare.json", JSON.stringify({ keys: keys.map(({ retirement: _r, ...k }) => k) }));
      expect(cli(files.csv, genuine, "--key", bare)).toMatchObject({ code: 1 });
    } finally {
      await fresh.close();
    }
  });

  it("exits 2 on a usage mistake, and --help documents every exit code", () => {
    expect(cli().code).toBe(2);
    expect(cli(files.csv).code).toBe(2);
    expect(cli(files.csv, files.manifest, "--key-id", "0123456789abcdef").code).toBe(2);
    expect(cli(files.csv, files.manifest, "--key", write("empty.json", "{}")).code).toBe(2);
    expect(cli(files.csv, files.manifest, "--key").code).toBe(2);
    expect(cli(path.join(dir, "missing.csv"), files.manifest).code).toBe(2);
    const help = cli("--help");
    expect(help.code).toBe(0);
    for (const code of ["0  OK", "1  NOT VERIFIED", "2  usage", "3  NOT VERIFIED: no trusted key given"])
      expect(help.out).toContain(code);
  });

  describe("docs/security-verifying.md's own commands, run as written", () => {
    const docs = readFileSync(fileURLToPath(new URL("../docs/security-verifying.md", import.meta.url)), "utf8");
    const hasCryptography = spawnSync("python3", ["-c", "import cryptography"]).status === 0;

    it("computes the key id with OpenSSL alone", () => {
      const line = /^echo "ed25519:\$\(openssl .*\)"$/m.exec(docs)?.[0];
      expect(line).toBeDefined();
      const out = execFileSync("bash", ["-c", line!.replace("custodian-console-signing-key.pem", files.pem)], {
        encoding: "utf8",
      });
      expect(out.trim()).toBe(files.consoleKeyId);
    });

    // Python's `cryptography` package is the reviewer's, not the project's: where it is missing, this is skipped.
    it.skipIf(!hasCryptography)("verifies with Python's cryptography and refuses a forgery or a changed file", () => {
      const script = write("verify.py", /```python\n([\s\S]*?)```/.exec(docs)?.[1] ?? "");
      const python = (...args: string[]) => {
        const r = spawnSync("python3", [script, ...args], { encoding: "utf8" });
        return { code: r.status, out: r.stdout + r.stderr };
      };
      expect(python(files.manifest, files.pem, files.csv)).toEqual({
        code: 0,
        out: `OK: signed by ${files.consoleKeyId}, the key you trust\n`,
      });
      const forger = generateKeyPairSync("ed25519").privateKey;
      const forged = write("forged-for-python.json", JSON.stringify(signWith(forger, body)));
      const refused = python(forged, files.pem, files.csv);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toContain(`NOT VERIFIED: signed by ${keyIdOf(rawPublicKey(forger))}`);
      const changed = python(files.manifest, files.pem, write("changed-for-python.csv", csv.replace("2,", "3,")));
      expect(changed.code).not.toBe(0);
      expect(changed.out).toContain("NOT VERIFIED: the file is not the one the manifest describes");
      const altered = write(
        "altered.json",
        JSON.stringify({ ...JSON.parse(readFileSync(files.manifest, "utf8")), rows: 3 }),
      );
      expect(python(altered, files.pem).out).toContain("InvalidSignature");
    });
  });
});

describe("npm run verify-export on alerts exports, manifest v1 and v2", { timeout: 90_000 }, () => {
  const alertsCsv = "id,createdAt\nb,2026-11-21T10:00:00.000Z\na,2026-11-21T09:00:00.000Z\n";
  const alertsSha = createHash("sha256").update(alertsCsv).digest("hex");
  const common = {
    kind: "alerts.export",
    format: "csv",
    file: { name: "alerts.csv", bytes: Buffer.byteLength(alertsCsv), sha256: alertsSha },
    rows: 2,
    order: "newest-first",
    generatedAt: "2026-11-21T11:00:00.000Z",
  };
  const run = async (doc: Record<string, unknown>) =>
    cli(
      write("alerts.csv", alertsCsv),
      write("alerts.manifest.json", JSON.stringify(await signDocument(handle.db, doc))),
      files.keysJson,
    );

  it("reads a v1 manifest's range in its own order (firstEventAt the newest) and says test activity was included", async () => {
    const r = await run({
      ...common,
      manifestVersion: 1,
      firstEventAt: "2026-11-21T10:00:00.000Z",
      lastEventAt: "2026-11-21T09:00:00.000Z",
    });
    expect(r).toMatchObject({ code: 0, last: "OK" });
    expect(r.out).toContain(
      "ok      range: oldest 2026-11-21T09:00:00.000Z, newest 2026-11-21T10:00:00.000Z; test activity included",
    );
  });

  it("reads a v2 manifest's oldestEventAt/newestEventAt and what the test switch left out", async () => {
    const r = await run({
      ...common,
      manifestVersion: 2,
      oldestEventAt: "2026-11-21T09:00:00.000Z",
      newestEventAt: "2026-11-21T10:00:00.000Z",
      testActivity: { mode: "exclude", leftOut: 165 },
    });
    expect(r).toMatchObject({ code: 0, last: "OK" });
    expect(r.out).toContain("test activity left out (165 events)");
  });

  it("refuses a v2 manifest whose oldest event is after its newest", async () => {
    const r = await run({
      ...common,
      manifestVersion: 2,
      oldestEventAt: "2026-11-21T10:00:00.000Z",
      newestEventAt: "2026-11-21T09:00:00.000Z",
      testActivity: { mode: "include", leftOut: 0 },
    });
    expect(r.code).toBe(1);
    expect(r.out).toContain("DIFFERS range");
  });
});

describe("npm run verify-export and the verify page on an eject evidence pack", { timeout: 90_000 }, () => {
  // A pack as the console writes it (lib/ejects/evidence.ts), signed by the console's own signer.
  const digest = createHash("sha256").update('{"share":"not a real share"}').digest("hex");
  const pack = {
    kind: "eject.evidence",
    format: "custodian-console.eject-evidence/v1",
    requestId: "0b9f5c1e-2f4a-4c1d-9a57-3f3d2c1b0a99",
    clientId: "cclient000000000000000001",
    wallet: { id: "cwallet000000000000000001", curve: "SECP256K1" },
    upstream: {
      readAt: "2026-11-21T10:06:02.000Z",
      ejectedAt: null,
      ejectedAtNote: "null: the upstream named no ejection time",
      wallets: [{ id: "cwallet000000000000000001", curve: "SECP256K1", ejectableUntil: null }],
    },
    request: {
      by: "sam@example.com",
      reason: "The user leaves — « départ »",
      ticket: "SUP-4242",
      at: "2026-11-21T10:00:00.000Z",
    },
    decision: { outcome: "approved", by: "cleo@example.com", note: "Ticket checked", at: "2026-11-21T10:02:00.000Z" },
    execution: {
      by: "sam@example.com",
      at: "2026-11-21T10:04:00.000Z",
      windowMinutes: 5,
      ejectableUntil: "2026-11-21T10:09:00.000Z",
    },
    sharesFetch: { by: "sam@example.com", at: "2026-11-21T10:06:00.000Z" },
    shares: {
      algorithm: "SHA-256",
      of: "SHA-256 of each share's string",
      digests: [
        { field: "encryptedClientBackupShare", sha256: null },
        { field: "custodianBackupShare", sha256: digest },
      ],
    },
    audit: [
      {
        step: "fetch-shares",
        seq: 41,
        id: "5f2b8c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
        action: "eject.fetch-shares",
        outcome: "ok",
        at: "2026-11-21T10:06:00.100Z",
        hash: "ab".repeat(32),
      },
    ],
    missing: [],
    generatedAt: "2026-11-21T10:06:02.000Z",
  };
  let packFile: string;
  let signed: Record<string, unknown>;
  beforeAll(async () => {
    signed = await signDocument(handle.db, pack);
    packFile = write(`eject-evidence-${pack.requestId}.json`, JSON.stringify(signed, null, 2));
  });

  it("prints OK and the pack's key facts against the console's key (exit 0), NOT VERIFIED without one (exit 3)", () => {
    for (const trust of [[files.pem], ["--key", files.keysJson], ["--key-id", files.consoleKeyId]]) {
      const r = cli(packFile, ...trust);
      expect(r).toMatchObject({ code: 0, last: "OK" });
      expect(r.out).toContain(
        `ok      eject evidence: request ${pack.requestId} of client ${pack.clientId}, wallet ${pack.wallet.id} (SECP256K1)`,
      );
      expect(r.out).toContain("asked:    sam@example.com at 2026-11-21T10:00:00.000Z, ticket SUP-4242");
      expect(r.out).toContain("approved  cleo@example.com at 2026-11-21T10:02:00.000Z: Ticket checked");
      expect(r.out).toContain(`sha-256 of custodianBackupShare: ${digest}`);
      expect(r.out).toContain("sha-256 of encryptedClientBackupShare: none given");
      expect(r.out).toContain("audit:    #41 eject.fetch-shares ok");
    }
    expect(cli(packFile)).toMatchObject({ code: 3, last: NO_KEY });
  });

  it("is NOT VERIFIED against another key (exit 1), naming the key that did sign", () => {
    const other = generateKeyPairSync("ed25519").publicKey.export({ format: "pem", type: "spki" }).toString();
    const r = cli(packFile, "--key", write("other-key.pem", other));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`DIFFERS signature: valid, but by ${files.consoleKeyId}`);
    expect(r.last).toBe(`NOT VERIFIED: signed by ${files.consoleKeyId}, which is not a key you trust`);
  });

  it("DIFFERS when any field is changed, one at a time (exit 1)", () => {
    const changes: Record<string, unknown>[] = [
      { ...signed, request: { ...pack.request, ticket: "SUP-4243" } },
      { ...signed, decision: { ...pack.decision, by: "sam@example.com" } },
      {
        ...signed,
        shares: {
          ...pack.shares,
          digests: [pack.shares.digests[0], { field: "custodianBackupShare", sha256: "0".repeat(64) }],
        },
      },
      { ...signed, audit: [{ ...pack.audit[0], seq: 42 }] },
      { ...signed, upstream: { ...pack.upstream, ejectedAt: "2026-11-21T10:06:01.000Z" } },
    ];
    for (const [i, changed] of changes.entries()) {
      const r = cli(write(`changed-pack-${i}.json`, JSON.stringify(changed)), files.pem);
      expect(r.code).toBe(1);
      expect(r.out).toContain(
        `DIFFERS signature: does not match the document: it was changed after ${files.consoleKeyId} signed it`,
      );
      expect(r.last).toBe("NOT VERIFIED: the signature does not hold");
    }
  });

  it("is taken by the verify page too: verified against the key given, refused when changed", async () => {
    const against = { by: "reviewer" as const, keys: { publicKeys: [files.consoleKey], keyIds: [] } };
    const file = (doc: unknown) => new File([JSON.stringify(doc)], `eject-evidence-${pack.requestId}.json`);
    expect(documentKind(signed)).toBe("eject.evidence");
    const outcome = await runChecks(file(signed), undefined, against, () => {});
    expect(outcome.verdict).toEqual({ kind: "verified", keyId: files.consoleKeyId });
    expect(outcome.summary).toContain(`the evidence pack of a key ejection: request ${pack.requestId}`);
    expect(outcome.summary).toContain("approved by cleo@example.com");
    expect(outcome.summary).toContain(`custodianBackupShare ${digest}`);
    expect(outcome.note).toBeUndefined();
    const changed = await runChecks(
      file({ ...signed, request: { ...pack.request, ticket: "SUP-4243" } }),
      undefined,
      against,
      () => {},
    );
    expect(changed.verdict).toMatchObject({ kind: "failed", differs: ["Signature"] });
    // What the pack says it lacks is said beside the checks, as the command's "note:" says it.
    const lacking = await signDocument(handle.db, {
      ...pack,
      missing: ["the audit record of the execute step's intent"],
    });
    expect((await runChecks(file(lacking), undefined, against, () => {})).note).toBe(
      "the pack says it lacks the audit record of the execute step's intent",
    );
    expect(cli(write("lacking.json", JSON.stringify(lacking)), files.pem).out).toContain(
      "note: the pack says it lacks the audit record of the execute step's intent",
    );
  });
});
