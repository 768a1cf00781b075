// `npm run verify-export -- <file> <manifest> [<public-key>]` or `… <checkpoint.json> [<public-key>]`:
// checks a console export against its signed manifest, or a signed audit checkpoint, offline, with
// Node's own crypto (Ed25519), an RFC 8785 canonicalizer and a CSV parser: nothing of the console's
// code. Prints each check and "OK", or exactly what differs; exit code 0 when everything verifies.
//
// The public key: the JSON the audit page downloads ({ keys: [...] }), a PEM public key, or 64 hex
// digits. Without one, the signature is checked against the key the document names, which proves
// the document unchanged but not who signed it: the output says so.
import { createHash, createPublicKey, verify } from "node:crypto";
import { createReadStream, readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import canonicalize from "canonicalize";
import { parse } from "csv-parse";

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

const checks = [];
const report = (ok, label, detail) => checks.push({ ok, label, detail });

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function readKeys(path) {
  const text = readFileSync(path, "utf8").trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return [text.toLowerCase()];
  if (text.includes("BEGIN PUBLIC KEY")) {
    const der = createPublicKey(text).export({ format: "der", type: "spki" });
    if (!der.subarray(0, 12).equals(SPKI_ED25519_PREFIX)) throw new Error(`${path} is not an Ed25519 public key`);
    return [der.subarray(12).toString("hex")];
  }
  const json = JSON.parse(text);
  const keys = (json.keys ?? []).map((k) => k.publicKey).filter((k) => /^[0-9a-f]{64}$/.test(k ?? ""));
  if (keys.length === 0) throw new Error(`${path} holds no public key`);
  return keys;
}

function checkSignature(doc, trusted) {
  const { signature, ...body } = doc;
  if (!signature || typeof signature !== "object") return report(false, "signature", "the document is not signed");
  const { algorithm, keyId, publicKey, value } = signature;
  if (algorithm !== "Ed25519") return report(false, "signature", `algorithm ${algorithm}, not Ed25519`);
  if (!/^[0-9a-f]{64}$/.test(publicKey ?? "") || !/^[0-9a-f]{128}$/.test(value ?? ""))
    return report(false, "signature", "the public key or the signature value is malformed");
  const expectedId = `ed25519:${createHash("sha256").update(Buffer.from(publicKey, "hex")).digest("hex").slice(0, 16)}`;
  if (keyId !== expectedId) return report(false, "signature", `key id ${keyId} does not belong to its public key`);
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKey, "hex")]),
    format: "der",
    type: "spki",
  });
  const valid = verify(null, Buffer.from(canonicalize(body), "utf8"), key, Buffer.from(value, "hex"));
  if (!valid) return report(false, "signature", `does not match the document: it was changed after ${keyId} signed it`);
  if (trusted && !trusted.includes(publicKey))
    return report(false, "signature", `valid, but by ${keyId}, which is not among the public keys given`);
  report(
    true,
    "signature",
    trusted
      ? `valid, by ${keyId}, one of the public keys given`
      : `valid for the key the document names (${keyId}); give the console's public key to check who signed`,
  );
}

async function fileFacts(path, format) {
  const hash = createHash("sha256");
  let rows = 0;
  if (format === "ndjson") {
    let last = 0x0a;
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk);
      for (const byte of chunk) if (byte === 0x0a) rows++;
      if (chunk.length > 0) last = chunk[chunk.length - 1];
    }
    if (last !== 0x0a) rows++;
  } else {
    const parser = parse({ relax_column_count: true });
    const stream = createReadStream(path);
    stream.on("data", (chunk) => hash.update(chunk));
    stream.pipe(parser);
    for await (const _record of parser) rows++;
    rows = Math.max(0, rows - 1); // the header
  }
  return { bytes: statSync(path).size, sha256: hash.digest("hex"), rows };
}

async function main(args) {
  if (args.length === 0 || args.includes("--help")) {
    process.stdout.write(
      "Usage: npm run verify-export -- <file> <manifest.json> [<public-key>]\n" +
        "       npm run verify-export -- <checkpoint.json> [<public-key>]\n",
    );
    return args.length === 0 ? 2 : 0;
  }
  const first = readJson(args[0]);
  const isCheckpoint =
    typeof first?.format === "string" && first.format.startsWith("custodian-console.audit-checkpoint/");
  const [file, manifestPath, keyPath] = isCheckpoint ? [undefined, args[0], args[1]] : args;
  if (!manifestPath) throw new Error("give the export file and its manifest (or a checkpoint alone)");
  const doc = isCheckpoint ? first : readJson(manifestPath);
  if (!doc) throw new Error(`${manifestPath} is not JSON`);
  const trusted = keyPath ? readKeys(keyPath) : undefined;

  checkSignature(doc, trusted);
  if (isCheckpoint) {
    report(
      true,
      "checkpoint",
      `${doc.count} records up to #${doc.lastSeq} of chain ${doc.chainId ?? "?"}, made ${doc.at}`,
    );
  } else {
    const described = doc.file ?? {};
    if (described.name && basename(file) !== described.name)
      process.stdout.write(`  note: the file is named ${basename(file)}; the manifest names ${described.name}\n`);
    const facts = await fileFacts(file, doc.format === "ndjson" ? "ndjson" : "csv");
    report(facts.bytes === described.bytes, "size", `file ${facts.bytes} bytes, manifest ${described.bytes}`);
    report(facts.sha256 === described.sha256, "sha-256", `file ${facts.sha256}, manifest ${described.sha256}`);
    report(facts.rows === doc.rows, "rows", `file ${facts.rows}, manifest ${doc.rows}`);
  }
  for (const c of checks) process.stdout.write(`  ${c.ok ? "ok     " : "DIFFERS"} ${c.label}: ${c.detail}\n`);
  const ok = checks.every((c) => c.ok);
  process.stdout.write(ok ? "OK\n" : "NOT VERIFIED\n");
  return ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`verify-export: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
