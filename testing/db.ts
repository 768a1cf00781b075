import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";

/**
 * Databases for tests: an in-memory PGlite, or a fresh schema in the PostgreSQL named by
 * TEST_DATABASE_URL (default: the machine's local server), dropped afterwards.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type TestDbKind = "pglite" | "postgres";

export async function openTestDb(kind: TestDbKind): Promise<DbHandle> {
  const checkpoints = ownCheckpointDir();
  if (kind === "pglite") {
    const handle = await openDb({ pgliteTemplate: await pgliteTemplate() });
    return { ...handle, close: () => handle.close().finally(checkpoints.release) };
  }
  const schemaName = `t_${randomBytes(6).toString("hex")}`;
  const handle = await openDb({ databaseUrl: TEST_DATABASE_URL, schemaName });
  return {
    ...handle,
    async close() {
      await handle.db.execute(`drop schema if exists ${schemaName} cascade` as never).catch(() => {});
      await handle.close();
      checkpoints.release();
    },
  };
}

/**
 * Each test database gets a checkpoint directory of its own, as each console database has in
 * production: a shared one would hold every other test chain's checkpoints, never closed, and the
 * console rightly refuses to start a chain beside those (a log wiped with its keys leaves them).
 * The console's code sees the newest open database's directory; closing one gives back the one
 * before (test databases are opened and closed last-in, first-out).
 */
function ownCheckpointDir(): { dir: string; release: () => void } {
  const before = process.env.CONSOLE_CHECKPOINT_DIR;
  const dir = mkdtempSync(path.join(tmpdir(), "console-test-checkpoints-"));
  process.env.CONSOLE_CHECKPOINT_DIR = dir;
  forgetEnvForTests();
  return {
    dir,
    release() {
      rmSync(dir, { recursive: true, force: true });
      if (process.env.CONSOLE_CHECKPOINT_DIR !== dir) return;
      if (before === undefined) delete process.env.CONSOLE_CHECKPOINT_DIR;
      else process.env.CONSOLE_CHECKPOINT_DIR = before;
      forgetEnvForTests();
    },
  };
}

/**
 * A migrated, empty PGlite data directory, dumped once and shared by every test file through a
 * file in the temporary directory named after the migrations and PGlite's version: starting from it
 * skips initdb and the migrations, which are most of the time a fresh in-memory PGlite takes (the
 * migrator still runs and finds nothing to do). Any change to a migration makes a new template.
 */
let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const migrations = path.resolve(process.cwd(), "server/db/migrations");
    const hash = createHash("sha256");
    hash.update(
      JSON.parse(readFileSync(path.resolve(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8"))
        .version,
    );
    for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
      const full = path.join(migrations, name);
      if (name.endsWith(".sql") || name.endsWith(".json")) hash.update(name).update(readFileSync(full));
    }
    const file = path.join(tmpdir(), `console-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await openDb({});
    const raw = fresh.raw;
    if (raw.kind !== "pglite") throw new Error("expected PGlite");
    const dump = await raw.client.dumpDataDir("none");
    await fresh.close();
    // Written whole, then renamed: a parallel test file reads either no template or a complete one.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    return dump;
  })();
  return template;
}
