import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { e2ePaths } from "../../scripts/setup.mjs";
import { expectAccessible } from "../fixtures/axe";
import { startConsoleInstance, scratchDatabase, type ConsoleInstance } from "../fixtures/instances";
import { screens } from "../fixtures/screens";
import { signedInPage } from "../fixtures/staff";

/**
 * The attacker the audit log is built against, on a production build over PostgreSQL: someone who can
 * write to the console's database and kept a copy of its head row (any backup). They cut the newest
 * records and put the old head back (its seal is genuine). The next action is refused, every page says
 * the log was found damaged, and Verify names the records that are gone and the checkpoint that had
 * them, and says what to do; nothing is written on top of the cut.
 */
const ADMIN = { email: "chain-admin@e2e.test", password: "chain-admin-password-1" };
const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
const DATA = `${e2ePaths().instances}/chain-break`;

test.describe.configure({ timeout: 180_000 });

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let instance: ConsoleInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA, { recursive: true, force: true });
  database = await scratchDatabase("console_chain_break");
  instance = await startConsoleInstance({
    name: "chain",
    port: PORT,
    dataDir: DATA,
    env: {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(48).toString("base64url"),
      CONSOLE_VAULT_KEY: randomBytes(32).toString("base64"),
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    },
  });
});

test.afterAll(async () => {
  await instance?.stop();
  await database?.drop();
});

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function verifyChain(page: Page) {
  await page.getByRole("button", { name: "Verify chain" }).click();
  return page.getByTestId("chain-verdict");
}

test("[AUDIT][rollback] an old head put back over a cut tail: the next action is refused, Verify names what is gone", async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, ADMIN, "/audit", instance.origin);
  await expect(await verifyChain(page)).toContainText("Chain intact");

  // The backup: the head row as it stands now.
  type Head = { last_seq: string; last_hash: string; count: number; mac: string; key_epoch: number };
  const [saved] = await sql<Head>("select last_seq, last_hash, count, mac, key_epoch from audit_head");
  const backupSeq = Number(saved!.last_seq);

  // More happens, and a checkpoint of it is kept outside the database.
  await expect(await verifyChain(page)).toContainText("Chain intact");
  const checkpointDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download checkpoint" }).click();
  await checkpointDownload;
  const [{ max }] = (await sql<{ max: string }>("select max(seq) as max from audit_log")) as [{ max: string }];
  const newest = Number(max);
  expect(newest).toBeGreaterThan(backupSeq + 1);

  // The attack: cut everything after the backup and put its head back.
  await sql("delete from audit_log where seq > $1", [backupSeq]);
  await sql("update audit_head set last_seq = $1, last_hash = $2, count = $3, mac = $4, key_epoch = $5", [
    saved!.last_seq,
    saved!.last_hash,
    saved!.count,
    saved!.mac,
    saved!.key_epoch,
  ]);

  // One more action: refused, in words, and nothing is written on top of the cut.
  await page.getByRole("button", { name: "Download checkpoint" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was done" })).toContainText(
    "the audit log was found damaged",
  );
  expect((await sql<{ n: string }>("select max(seq) as n from audit_log"))[0]!.n).toBe(String(backupSeq));

  // Every page says so now.
  await page.goto("/clients");
  await expect(page.getByTestId("chain-alarm")).toContainText("actions are paused until an operator acknowledges it");
  await screens(page, "audit-chain-alarm-banner");

  // Verify still works, and says what is gone, since when, against which checkpoint, and what to do.
  await page.goto("/audit");
  const verdict = await verifyChain(page);
  await expect(verdict).toContainText(`Records #${backupSeq + 1}–#`);
  await expect(verdict).toContainText("the checkpoint written at");
  await expect(page.getByTestId("chain-missing")).toContainText(`everything after #${backupSeq}`);
  await expect(page.getByTestId("chain-next")).toContainText("npm run audit:acknowledge");
  await expectAccessible(page);
  await screens(page, "audit-chain-broken-verdict");
});
