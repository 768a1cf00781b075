// `npm run verify-export -- <file> <manifest.json> [<public-key>]` or `… <document.json> [<public-key>]` for
// a document that stands alone (an audit checkpoint, a case bundle, a key ejection's evidence pack), with
// `--key <public-key>` and `--key-id ed25519:<16 hex>` (each may be given more than once): checks a console
// export against its signed manifest, or a signed document alone, offline, with Node's own
// crypto (Ed25519), an RFC 8785 canonicalizer and a CSV parser: nothing of the console's code, so a
// reviewer need not trust the console to trust the answer.
//
// A public key is the JSON the audit page downloads ({ keys: [...] }), a PEM public key, or 64 hex
// digits. The key a document names is only the key that signed it: anyone can make a key and sign a
// manifest naming it. So a document verifies only against a key the reviewer trusts (a public key
// given, or a key id pinned); without one, the tool checks what it can and says it did not verify.
//
// Exit codes:
//   0  OK: intact, and signed by a key you trust
//   1  NOT VERIFIED: something differs, or the signer is not a key you trust
//   2  usage: wrong arguments, a file that cannot be read, a key that is not an Ed25519 public key
//   3  NOT VERIFIED: no trusted key given; everything else checked out (integrity only)
import { createHash, createPublicKey, verify } from "node:crypto";
import { accessSync, constants, createReadStream, readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import canonicalize from "canonicalize";
import { parse } from "csv-parse";

const EXIT = { ok: 0, differs: 1, usage: 2, integrityOnly: 3 };
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const KEY_ID = /^ed25519:[0-9a-f]{16}$/;
const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

const HELP = `Usage: npm run verify-export -- <file> <manifest.json> [<public-key>] [options]
       npm run verify-export -- <checkpoint.json | case-bundle.json | eject-evidence.json> [<public-key>] [options]

Options:
  --key <public-key>   a public key you trust: the JSON the audit page downloads, a PEM
                       public key, or a file of 64 hex digits (may be given more than once)
  --key-id <key-id>    a key id you pinned, e.g. ed25519:0123456789abcdef (may be given
                       more than once); it must be the document's key id and the id of
                       the public key the document carries
  --help               this text

Without a trusted key the signature is checked only against the key the document names,
which anyone could have made: the output ends "NOT VERIFIED: no trusted key given".

Exit codes:
  0  OK: intact, and signed by a key you trust
  1  NOT VERIFIED: something differs, or the signer is not a key you trust
  2  usage: wrong arguments, a file that cannot be read, a key that is not an Ed25519 public key
  3  NOT VERIFIED: no trusted key given; everything else checked out (integrity only)
`;

class UsageError extends Error {}

const checks = [];
/** `reason`: what the final NOT VERIFIED line says when this check fails. */
const report = (ok, label, detail, reason) => checks.push({ ok, label, detail, reason });

function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`${path} cannot be read (${error.code ?? error.message})`);
  }
}

function assertReadable(path) {
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new UsageError(`${path} cannot be read (${error.code ?? error.message})`);
  }
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const keyIdOf = (publicKeyHex) =>
  `ed25519:${createHash("sha256").update(Buffer.from(publicKeyHex, "hex")).digest("hex").slice(0, 16)}`;

/** The public keys in a key file, each with when it was retired (from the audit page's JSON). */
function readKeys(path) {
  const text = readText(path).trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return [{ publicKey: text.toLowerCase(), retiredAt: null }];
  // JSON first: the audit page's file carries each key's PEM inside it too.
  const json = parseJson(text);
  if (json !== undefined) {
    const keys = (json?.keys ?? [])
      .filter((k) => /^[0-9a-f]{64}$/.test(k?.publicKey ?? ""))
      .map((k) => ({
        publicKey: k.publicKey,
        retiredAt: typeof k.retiredAt === "string" ? k.retiredAt : null,
        retirement: k.retirement,
      }));
    if (keys.length === 0) throw new UsageError(`${path} holds no Ed25519 public key`);
    return keys;
  }
  let der;
  try {
    der = createPublicKey(text).export({ format: "der", type: "spki" });
  } catch {
    throw new UsageError(`${path} is not a public key (the audit page's JSON, a PEM public key, or 64 hex digits)`);
  }
  if (der.length !== 44 || !der.subarray(0, 12).equals(SPKI_ED25519_PREFIX))
    throw new UsageError(`${path} is not an Ed25519 public key`);
  return [{ publicKey: der.subarray(12).toString("hex"), retiredAt: null }];
}

function parseArgs(args) {
  const positional = [];
  const keyPaths = [];
  const keyIds = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--key" || arg === "--key-id") {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === "--key") keyPaths.push(value);
      else if (KEY_ID.test(value)) keyIds.push(value);
      else throw new UsageError(`--key-id ${value}: expected ed25519: and 16 lower-case hex digits`);
    } else if (arg.startsWith("--")) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, keyPaths, keyIds };
}

/**
 * The signature against the key the document names (is it unchanged since that key signed it?), then
 * whether that key is one the reviewer trusts. Returns the signer's key id once the signature holds.
 */
function checkSignature(doc, trust, label = "signature") {
  const { signature, ...body } = doc;
  const fail = (detail) => report(false, label, detail, `the ${label} does not hold`);
  if (!signature || typeof signature !== "object") return fail("the document is not signed");
  const { algorithm, keyId, publicKey, value } = signature;
  if (algorithm !== "Ed25519") return fail(`algorithm ${algorithm}, not Ed25519`);
  if (!/^[0-9a-f]{64}$/.test(publicKey ?? "") || !/^[0-9a-f]{128}$/.test(value ?? ""))
    return fail("the public key or the signature value is malformed");
  const derivedId = keyIdOf(publicKey);
  if (keyId !== derivedId) return fail(`key id ${keyId} does not belong to its public key (${derivedId})`);
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKey, "hex")]),
    format: "der",
    type: "spki",
  });
  const canonical = canonicalize(body);
  const valid = canonical !== undefined && verify(null, Buffer.from(canonical, "utf8"), key, Buffer.from(value, "hex"));
  if (!valid) return fail(`does not match the document: it was changed after ${keyId} signed it`);
  if (!trust) {
    report(
      true,
      label,
      `valid for the key the document names ${keyId} (proves the document unchanged since that key signed it, not who signed it)`,
    );
    return keyId;
  }
  const given = trust.keys.find((k) => k.publicKey === publicKey);
  // The pinned id must be both the one the document states and the one its public key hashes to.
  const pinned = trust.keyIds.includes(keyId) && trust.keyIds.includes(derivedId);
  if (!given && !pinned) {
    report(
      false,
      label,
      `valid, but by ${keyId}, which is not among the public keys given or the key ids pinned`,
      `signed by ${keyId}, which is not a key you trust`,
    );
    return keyId;
  }
  if (given?.retiredAt) {
    // A retired key (perhaps exposed) vouches only for what its successor listed when retiring it.
    const covered = retiredCoverage(body, given, trust);
    report(covered.ok, label, covered.detail, covered.reason);
    return keyId;
  }
  report(true, label, `valid, by ${keyId}, ${given ? "one of the public keys given" : "a key id pinned"}`);
  return keyId;
}

/**
 * The statement the retired key's successor signed when it was retired (in the key file, beside the
 * key): signed by another key the reviewer trusts, about this key, listing the SHA-256 of this
 * document's signed bytes.
 */
function retiredCoverage(body, given, trust) {
  const keyId = keyIdOf(given.publicKey);
  const when = `retired ${given.retiredAt}`;
  const statement = given.retirement;
  if (statement?.format !== "custodian-console.key-retirement/v1" || statement.publicKey !== given.publicKey)
    return {
      ok: false,
      detail: `valid, by ${keyId}, ${when}; the key file holds no statement of what it signed before`,
      reason: `signed by the retired key ${keyId}, and nothing shows it was signed before the retirement`,
    };
  const { signature, ...statementBody } = statement;
  const successor = trust.keys.find((k) => k.publicKey === signature?.publicKey && k.publicKey !== given.publicKey);
  let holds = false;
  try {
    holds =
      successor !== undefined &&
      verify(
        null,
        Buffer.from(canonicalize(statementBody), "utf8"),
        createPublicKey({
          key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(successor.publicKey, "hex")]),
          format: "der",
          type: "spki",
        }),
        Buffer.from(signature.value, "hex"),
      );
  } catch {
    holds = false;
  }
  if (!holds)
    return {
      ok: false,
      detail: `valid, by ${keyId}, ${when}; its retirement statement is not signed by another key you trust`,
      reason: `the retirement statement of ${keyId} does not hold`,
    };
  const digest = createHash("sha256").update(canonicalize(body), "utf8").digest("hex");
  const listed = (statement.documents ?? []).some((d) => d?.sha256 === digest);
  return listed
    ? {
        ok: true,
        detail: `valid, by ${keyId}, ${when}; signed before: the statement ${signature.keyId} signed at its retirement lists it`,
      }
    : {
        ok: false,
        detail: `valid, by ${keyId}, ${when}; not among the ${statement.documents?.length ?? 0} documents its successor ${signature.keyId} listed`,
        reason: `signed by the retired key ${keyId} but not listed by its successor: it may have been signed with that key after its retirement`,
      };
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

/**
 * An alerts export's range, in either manifest version (v1: firstEventAt is the newest, lastEventAt the
 * oldest, named for the file's order; v2: oldestEventAt, newestEventAt), and what it did with test activity.
 */
function checkRange(doc) {
  const oldest = doc.manifestVersion === 1 ? doc.lastEventAt : doc.oldestEventAt;
  const newest = doc.manifestVersion === 1 ? doc.firstEventAt : doc.newestEventAt;
  const test = doc.testActivity ?? { mode: "include", leftOut: 0 };
  const said =
    test.mode === "exclude"
      ? `test activity left out (${test.leftOut} events)`
      : test.mode === "only"
        ? `test activity only (${test.leftOut} other events left out)`
        : "test activity included";
  if (oldest == null || newest == null) {
    report(oldest == newest, "range", `no events; ${said}`, "the range names one end only");
    return;
  }
  report(
    Date.parse(oldest) <= Date.parse(newest),
    "range",
    `oldest ${oldest}, newest ${newest}; ${said}`,
    "the oldest event is after the newest",
  );
}

/**
 * A case bundle: what it says of itself (its count, its case on every record, chain order), records next
 * to each other in the chain linked by hash, the head not before its last record, and every export
 * manifest and eject evidence pack in it signed by a key you trust.
 */
function checkBundle(doc, trust) {
  const records = Array.isArray(doc.records) ? doc.records : [];
  report(
    records.length > 0 && doc.recordCount === records.length,
    "records",
    `${records.length} in the bundle, ${doc.recordCount} said`,
    "the record count differs",
  );
  const strangers = records.filter((r) => r?.input?.case !== doc.case).length;
  report(
    strangers === 0,
    "case",
    `${records.length - strangers} of ${records.length} under case ${doc.case}`,
    "a record is not of the case",
  );
  const seqs = records.map((r) => r?.seq);
  const ordered = seqs.every((s, i) => Number.isInteger(s) && (i === 0 || s > seqs[i - 1]));
  let links = 0;
  let broken = 0;
  for (let i = 1; i < records.length; i++) {
    if (seqs[i] !== seqs[i - 1] + 1) continue;
    links++;
    if (records[i].prevHash !== records[i - 1].hash) broken++;
  }
  report(
    ordered && broken === 0,
    "chain order",
    ordered
      ? `#${seqs[0]} to #${seqs.at(-1)}, ${links - broken} of ${links} neighbours linked by hash`
      : "not in chain order",
    ordered ? "neighbouring records do not link" : "the records are not in chain order",
  );
  const head = doc.chain?.headSeq;
  report(
    Number.isInteger(head) && head >= (seqs.at(-1) ?? 0),
    "head",
    `the chain stood at #${head} when the bundle was made`,
    "the head is before the bundle's last record",
  );
  const inner = (list, name) =>
    (Array.isArray(list) ? list : []).forEach((document, i) => {
      const label = `${name} ${i + 1} signature`;
      if (document && typeof document === "object") checkSignature(document, trust, label);
      else report(false, label, "not a signed document", `${name} ${i + 1} is not signed`);
    });
  inner(doc.exports, "export");
  inner(doc.ejectPacks, "evidence pack");
  const count = (list) => (Array.isArray(list) ? list.length : 0);
  process.stdout.write(
    `  case: ${doc.case}, ${records.length} records, ${count(doc.exports)} export manifests, ${count(doc.ejectPacks)} eject evidence packs, made ${doc.createdAt}\n`,
  );
}

/**
 * A key ejection's evidence pack: what it says, printed for the reviewer to hold against the ticket and
 * the shares file (its integrity is the signature's; these lines only read it). What the pack itself
 * says it lacks is printed as a note: the document is still the console's, and says so honestly.
 */
function ejectEvidenceFacts(doc) {
  const at = (step) => (step ? `${step.by} at ${step.at}` : "?");
  report(
    true,
    "eject evidence",
    `request ${doc.requestId} of client ${doc.clientId}, wallet ${doc.wallet?.id} (${doc.wallet?.curve ?? "curve not recorded"}), written ${doc.generatedAt}`,
  );
  process.stdout.write(`  asked:    ${at(doc.request)}, ticket ${doc.request?.ticket}: ${doc.request?.reason}\n`);
  process.stdout.write(
    `  ${(doc.decision?.outcome ?? "decided").padEnd(9)} ${at(doc.decision)}${doc.decision?.note ? `: ${doc.decision.note}` : ""}\n`,
  );
  process.stdout.write(
    `  opened:   ${at(doc.execution)}, ${doc.execution?.windowMinutes} min, ejectable until ${doc.execution?.ejectableUntil}\n`,
  );
  process.stdout.write(`  fetched:  ${at(doc.sharesFetch)}\n`);
  for (const d of doc.shares?.digests ?? [])
    process.stdout.write(`  sha-256 of ${d.field}: ${d.sha256 ?? "none given"}\n`);
  const records = (doc.audit ?? []).map((r) => `#${r.seq} ${r.action} ${r.outcome}`);
  process.stdout.write(`  audit:    ${records.join(", ") || "none"}\n`);
  process.stdout.write(
    `  upstream: ejectedAt ${doc.upstream?.ejectedAt ?? "null"} as read at ${doc.upstream?.readAt}${doc.upstream?.ejectedAt == null ? " (the upstream named no ejection time)" : ""}\n`,
  );
  for (const m of doc.missing ?? []) process.stdout.write(`  note: the pack says it lacks ${m}\n`);
}

async function main(args) {
  if (args.length === 0 || args.includes("--help")) {
    process.stdout.write(HELP);
    return args.length === 0 ? EXIT.usage : EXIT.ok;
  }
  const { positional, keyPaths, keyIds } = parseArgs(args);
  if (positional.length === 0)
    throw new UsageError("give the export file and its manifest, or a checkpoint or an eject evidence pack");
  assertReadable(positional[0]);
  // A checkpoint is a small JSON document; an export may be gigabytes, and is not read whole here.
  const first = statSync(positional[0]).size <= MAX_DOCUMENT_BYTES ? parseJson(readText(positional[0])) : undefined;
  const isCheckpoint =
    typeof first?.format === "string" && first.format.startsWith("custodian-console.audit-checkpoint/");
  const isBundle = first?.kind === "case.bundle";
  const isEjectEvidence = first?.kind === "eject.evidence";
  // Documents that stand alone: nothing beside them to hash.
  const alone = isCheckpoint || isBundle || isEjectEvidence;
  const [file, manifestPath, keyPath, ...extra] = alone ? [undefined, ...positional] : positional;
  if (!manifestPath) throw new UsageError("give the export file and its manifest (or a checkpoint alone)");
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
  if (keyPath) keyPaths.unshift(keyPath);
  if (file) assertReadable(file);
  const trust =
    keyPaths.length > 0 || keyIds.length > 0 ? { keys: keyPaths.flatMap((p) => readKeys(p)), keyIds } : undefined;
  const doc = alone ? first : parseJson(readText(manifestPath));

  if (!doc || typeof doc !== "object")
    report(false, "document", `${manifestPath} is not JSON`, "the document is not JSON");
  else {
    checkSignature(doc, trust);
    if (isBundle) checkBundle(doc, trust);
    else if (isCheckpoint) {
      report(
        true,
        "checkpoint",
        `${doc.count} records up to #${doc.lastSeq} of chain ${doc.chainId ?? "?"}, made ${doc.at}`,
      );
    } else if (isEjectEvidence) {
      ejectEvidenceFacts(doc);
    } else {
      process.stdout.write(`  file: ${file}\n`);
      const described = doc.file ?? {};
      if (described.name && basename(file) !== described.name)
        process.stdout.write(`  note: the file is named ${basename(file)}; the manifest names ${described.name}\n`);
      const format = doc.format === "ndjson" ? "ndjson" : "csv";
      const facts = await fileFacts(file, format).catch((error) => {
        report(false, "file", `cannot be read as ${format}: ${error.message}`, `the file is not ${format}`);
      });
      if (facts) {
        const { bytes, sha256, rows } = facts;
        report(
          bytes === described.bytes,
          "size",
          `file ${bytes} bytes, manifest ${described.bytes}`,
          "the size differs",
        );
        report(
          sha256 === described.sha256,
          "sha-256",
          `file ${sha256}, manifest ${described.sha256}`,
          "the SHA-256 differs",
        );
        report(rows === doc.rows, "rows", `file ${rows}, manifest ${doc.rows}`, "the row count differs");
      }
      if (doc.kind === "alerts.export") checkRange(doc);
    }
  }
  for (const c of checks) process.stdout.write(`  ${c.ok ? "ok     " : "DIFFERS"} ${c.label}: ${c.detail}\n`);
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    const reasons = failed.map((c) => c.reason);
    if (!trust) reasons.push("no trusted key given");
    process.stdout.write(`NOT VERIFIED: ${reasons.join("; ")}\n`);
    return EXIT.differs;
  }
  if (!trust) {
    process.stdout.write(
      "  To verify who signed it, give the public key you trusted beforehand (--key) or pin its key id (--key-id).\n",
    );
    process.stdout.write("NOT VERIFIED: no trusted key given\n");
    return EXIT.integrityOnly;
  }
  process.stdout.write("OK\n");
  return EXIT.ok;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const usage = error instanceof UsageError;
    process.stderr.write(`verify-export: ${error instanceof Error ? error.message : String(error)}\n`);
    if (usage) process.stderr.write("Run with --help for the usage and the exit codes.\n");
    process.exit(usage ? EXIT.usage : EXIT.differs);
  },
);
