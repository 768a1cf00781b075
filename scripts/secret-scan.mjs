// `npm test`'s secret scan, run after the browser journeys: every secret the sandbox handed out during
// the run (its witness file, sandbox/state/secret-witness.ts), the custodian key and the console's own
// keys are searched for in
//   - the browser bundle (.next/static),
//   - every answer the console served during the run (pages, RSC payloads, route answers, server
//     action answers; recorded by scripts/e2e-capture-proxy.mjs),
//   - the console's log of the run,
//   - every row of every table of the console's database (its PGlite data directory),
//   - every file the console wrote beside it (checkpoints, closing statements, the chain alarm, exports).
// Six server actions exist to hand a secret to the person who asked for it, once (a new client's
// API key and session token, a session token, a web OTP, the ejected backup shares as a download, the
// notifications' signing secret, which e2e/notifications.spec.ts writes down as it is shown):
// their own answers may hold those secrets, and nothing else may. Any other hit fails and names where.
// The canaries e2e/security/canaries.spec.ts sent in refused input to every server action (and in a
// refused sign-in) are searched for in the same places, every answer included: nothing refused is kept.
// `npm test` runs the journeys on two stacks side by side (scripts/e2e-shards.mjs): the scan takes their
// data folders as arguments (none: E2E_DATA_DIR or .data) and searches every place of every stack for every
// secret any stack was handed, so a secret of one stack found in the other is a hit too; what "the run"
// must have issued (canaries, every kind of secret, answers) is counted over the stacks together.
// The console's own key files (auth-secret, vault-key: the stand-in for a secret manager) are where those
// keys belong and are not scanned; everything else the console wrote is.
// Exit code 0 when clean, 1 with a list of hits or when the run left nothing to scan.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describeNeedle, secretMatcher } from "./secret-scan/matcher.mjs";
import { e2ePaths, root } from "./setup.mjs";

/** Server actions whose answer is the one place a secret is meant to go (shown once or saved as a file). */
export const REVEALING_ACTIONS = new Set([
  "createClient",
  "mintSessionToken",
  "issueWebOtp",
  "downloadEjectShares",
  "saveNotifyDestination",
  "newNotifySigningSecret",
]);
/** The two that hand out the notifications' signing secret (shown once to the admin), and nothing else. */
const NOTIFY_SECRET_ACTIONS = new Set(["saveNotifyDestination", "newNotifySigningSecret"]);

const stacks = (process.argv.length > 2 ? process.argv.slice(2) : [undefined]).map((dir) => e2ePaths(dir));
/** The files that hold the console's own keys, as needle kind and file name in its data folder. */
const KEY_FILES = [
  ["console-auth-secret", "auth-secret"],
  ["console-vault-key", "vault-key"],
];
const problems = [];
const hits = [];

function readNeedles(paths, needles) {
  // The notifications' signing secret, as the admin was shown it (e2e/notifications.spec.ts).
  if (existsSync(paths.notifySecrets))
    for (const line of readFileSync(paths.notifySecrets, "utf8").split("\n")) {
      const [kind, value] = line.split("\t");
      if (kind && value) needles.set(value, { kind, value });
    }
  if (!existsSync(paths.secretsLog)) {
    problems.push(
      `No witness file at ${paths.secretsLog}: the browser journeys did not run against a witnessing sandbox.`,
    );
    return;
  }
  for (const line of readFileSync(paths.secretsLog, "utf8").split("\n")) {
    const [kind, raw] = line.split("\t");
    // A share is witnessed as the JSON the MPC service hands out; its secret is the "share" field
    // (x and y are the public key, the ids are not secret).
    const value = kind === "share" && raw?.startsWith("{") ? JSON.parse(raw).share : raw;
    if (kind && value) needles.set(value, { kind, value });
  }
  for (const [kind, file] of KEY_FILES) {
    const full = path.join(paths.consoleData, file);
    if (existsSync(full)) {
      const value = readFileSync(full, "utf8").trim();
      needles.set(value, { kind, value });
    }
  }
}

/** The canaries of refused inputs, as sent and in upper case (a value may be upper-cased on its way). */
function readCanaries(paths, canaries) {
  const text = existsSync(paths.canaries) ? readFileSync(paths.canaries, "utf8") : "";
  for (const line of text.split("\n")) {
    const [value, action, at] = line.split("\t");
    if (!value) continue;
    const from = `${action} ${at}`;
    canaries.push({ kind: "canary", value, from });
    if (value.toUpperCase() !== value) canaries.push({ kind: "canary", value: value.toUpperCase(), from });
  }
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function scanText(find, where, text, allowed = () => false) {
  for (const needle of find(text)) if (!allowed(needle)) hits.push(`${describeNeedle(needle)} in ${where}`);
}

function actionNames() {
  const file = `${root}.next/server/server-reference-manifest.json`;
  const names = new Map();
  if (!existsSync(file)) return names;
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  for (const [id, entry] of Object.entries(manifest.node ?? {})) names.set(id, entry.exportedName ?? id);
  return names;
}

async function databaseRows(paths, find) {
  const dir = path.join(paths.consoleData, "console");
  if (!existsSync(dir)) {
    problems.push(`No console database at ${dir}.`);
    return 0;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(dir);
  let rows = 0;
  try {
    const tables = await db.query(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    // Every table, found rather than listed, so a new one (eject_evidence's signed packs) is scanned too.
    for (const { schema, name } of tables.rows) {
      const result = await db.query(`select * from "${schema}"."${name}"`);
      result.rows.forEach((row, i) => {
        rows++;
        const text = JSON.stringify(row, (_k, v) =>
          v instanceof Uint8Array ? Buffer.from(v).toString("utf8") : typeof v === "bigint" ? String(v) : v,
        );
        scanText(find, `database ${schema}.${name}, row ${i + 1}${row.id ? ` (id ${row.id})` : ""}`, text);
      });
    }
  } finally {
    await db.close();
  }
  return rows;
}

const custodianKey = process.env.SANDBOX_CUSTODIAN_API_KEY ?? "sandbox-custodian-key";
const secrets = new Map([[custodianKey, { kind: "custodian-api-key", value: custodianKey }]]);
const canaries = [];
for (const paths of stacks) {
  readNeedles(paths, secrets);
  readCanaries(paths, canaries);
}
// A scan that had no canary to look for proves nothing about refused input.
if (canaries.length === 0)
  problems.push(
    `No canaries at ${stacks.map((p) => p.canaries).join(" or ")}: e2e/security/canaries.spec.ts did not run (or sent none).`,
  );
const needles = [...secrets.values(), ...canaries];
const counts = {};
for (const n of needles) (counts[n.kind] ??= []).push(n);
const find = secretMatcher(needles);

const bundle = filesUnder(`${root}.next/static`).filter((f) => /\.(js|css|json|html|txt)$/.test(f));
for (const file of bundle) scanText(find, path.relative(root, file), readFileSync(file, "utf8"));

const names = actionNames();
let answers = 0;
let revealing = 0;
let logLines = 0;
let rows = 0;
const instanceLogs = [];
const written = [];
for (const paths of stacks) {
  if (existsSync(paths.responses)) {
    for (const line of readFileSync(paths.responses, "utf8").split("\n")) {
      if (!line) continue;
      const answer = JSON.parse(line);
      answers++;
      const action = answer.action ? (names.get(answer.action) ?? answer.action) : null;
      const reveals = action !== null && REVEALING_ACTIONS.has(action);
      if (reveals) revealing++;
      const where = `${answer.method} ${answer.path}${action ? ` (server action ${action})` : ""}, ${answer.status} ${answer.type}`;
      // A revealing action's answer may hold the client secrets it exists to hand out, never a key of the
      // console's own, nor anything of a refused input.
      scanText(
        find,
        `${path.relative(root, paths.data)}: ${where}`,
        answer.body,
        (n) =>
          reveals &&
          !["custodian-api-key", "console-auth-secret", "console-vault-key", "canary"].includes(n.kind) &&
          (n.kind === "notify-signing-secret") === NOTIFY_SECRET_ACTIONS.has(action),
      );
    }
  } else problems.push(`No recorded answers at ${paths.responses}.`);

  const log = existsSync(paths.consoleLog) ? readFileSync(paths.consoleLog, "utf8") : "";
  if (!log) problems.push(`No console log at ${paths.consoleLog}.`);
  logLines += log.split("\n").length;
  scanText(find, path.relative(root, paths.consoleLog), log);

  // The journeys' own console instances (scale-out, operations, …) keep their logs in their own data
  // directories; their database is a scratch PostgreSQL one, dropped when those journeys end.
  for (const file of filesUnder(paths.instances).filter((f) => f.endsWith("console.log"))) {
    instanceLogs.push(file);
    scanText(find, path.relative(root, file), readFileSync(file, "utf8"));
  }

  rows += await databaseRows(paths, find);

  // What the console writes outside its database: the checkpoint directory (checkpoints, closing
  // statements, the chain alarm), the export store (files and manifests), anything else in its data folder.
  const databaseDir = path.join(paths.consoleData, "console");
  const keyFiles = new Set(KEY_FILES.map(([, file]) => path.resolve(paths.consoleData, file)));
  const beside = filesUnder(paths.consoleData).filter(
    (f) =>
      !f.startsWith(`${databaseDir}${path.sep}`) &&
      path.resolve(f) !== path.resolve(paths.consoleLog) &&
      !keyFiles.has(path.resolve(f)),
  );
  for (const file of beside) scanText(find, path.relative(root, file), readFileSync(file, "utf8"));
  if (!beside.some((f) => f.includes(`${path.sep}checkpoints${path.sep}`)))
    problems.push(`No audit checkpoint was written in ${paths.consoleData}: the scan would prove nothing about them.`);
  written.push(...beside);
}

// A scan that had nothing to look for, or nowhere to look, proves nothing.
for (const kind of ["client-api-key", "session-token", "web-otp", "share", "notify-signing-secret"])
  if (!counts[kind]?.length) problems.push(`The run issued no ${kind}: the scan would prove nothing about it.`);
if (answers < 100) problems.push(`Only ${answers} answers were recorded.`);
if (revealing === 0)
  problems.push("No answer of a revealing action was recorded: the journeys that issue secrets did not run.");

process.stdout.write(
  `Searched for ${needles.length} secrets (${Object.entries(counts)
    .map(([k, v]) => `${v.length} ${k}`)
    .join(", ")}) in ${bundle.length} bundle files, ${answers} answers (${revealing} of revealing actions), ` +
    `${logLines} log lines, ${instanceLogs.length} instance logs, ${rows} database rows and ` +
    `${written.length} files the console wrote beside its database, over ${stacks.length} stack(s).\n`,
);
for (const p of problems) process.stdout.write(`  ✗ ${p}\n`);
for (const h of hits) process.stdout.write(`  ✗ secret found: ${h}\n`);
if (problems.length === 0 && hits.length === 0) process.stdout.write("  ✓ no secret found anywhere it must not be\n");
process.exit(problems.length + hits.length > 0 ? 1 : 0);
