import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb } from "@/testing/db";
import { verifyPassword } from "./auth/password";
import { bootstrap } from "./bootstrap";
import { getUpstreamConfig, forgetEnvForTests } from "./env";
import { createLogger } from "./log";
import { reportStartup } from "./startup-report";
import { changeOwnPassword } from "./users/password";
import { claimPasswordCheck } from "./users/password-check";

const saved = { ...process.env };

describe("the first admin", () => {
  let handle: DbHandle;
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "console-boot-"));
    process.env = {
      ...saved,
      CONSOLE_DATA_DIR: dir,
      CONSOLE_ADMIN_EMAIL: "root@example.com",
      CONSOLE_ADMIN_PASSWORD: "",
    };
    forgetEnvForTests();
    handle = await openTestDb("pglite");
    setDbForTests(handle);
  });
  afterEach(async () => {
    setDbForTests(undefined);
    await handle.close();
    process.env = { ...saved };
    forgetEnvForTests();
  });

  /** Starts the console as runStartup does, with the logger and stdout captured; `isTTY` as given. */
  const start = async (isTTY: boolean | undefined) => {
    const logged: string[] = [];
    const printed: string[] = [];
    const log = createLogger(
      new Writable({ write: (chunk, _e, done) => (logged.push(String(chunk)), done()) }),
      "trace",
    );
    const result = await bootstrap();
    reportStartup(result, getUpstreamConfig(), {
      log,
      stdout: { isTTY, write: (text: string) => printed.push(text) },
      production: false,
    });
    const file = path.join(dir, "first-admin.txt");
    const password = /password: (\S+)/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
    return { result, file, password, logged: logged.join(""), printed: printed.join("") };
  };

  // A pipe or a file has no isTTY at all; false is what some wrappers set.
  it.each([undefined, false])(
    "starting without a terminal (isTTY %s): the password is only in the file (mode 600), never in the log or on stdout",
    async (isTTY) => {
      const { result, file, password, logged, printed } = await start(isTTY);
      expect(result).toMatchObject({ created: true, passwordFile: file });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(logged).toContain("console started");
      expect(logged).not.toContain(password);
      expect(printed).toContain(file);
      expect(printed).toContain("root@example.com");
      expect(printed).not.toContain(password);
    },
  );

  it("starting on a terminal: the password is printed there, and still never logged", async () => {
    const { file, password, logged, printed } = await start(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(printed).toContain(`Password: ${password}`);
    expect(printed).toContain(file);
    expect(logged).toContain("console started");
    expect(logged).not.toContain(password);
  });

  it("gets a generated password in a file only its owner can read, to be changed at first sign-in", async () => {
    const result = await bootstrap();
    expect(result.created).toBe(true);
    const file = path.join(dir, "first-admin.txt");
    expect(result.passwordFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [admin] = await handle.db.select().from(tables.users).where(eq(tables.users.email, "root@example.com"));
    expect(admin).toMatchObject({ role: "admin", mustChangePassword: true });
    expect(await verifyPassword(password, admin!.passwordHash!)).toBe(true);

    // Changing it clears the flag, ends the sessions issued so far and deletes the file.
    await changeOwnPassword(
      handle.db,
      admin!.id,
      password,
      "a-brand-new-password",
      await claimPasswordCheck(handle.db, admin!.id),
    );
    const [after] = await handle.db.select().from(tables.users).where(eq(tables.users.id, admin!.id));
    expect(after).toMatchObject({ mustChangePassword: false, sessionVersion: admin!.sessionVersion + 1 });
    expect(existsSync(file)).toBe(false);
    await expect(
      changeOwnPassword(
        handle.db,
        admin!.id,
        "wrong-current-pass",
        "another-new-password",
        await claimPasswordCheck(handle.db, admin!.id),
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("keeps a password given by CONSOLE_ADMIN_PASSWORD, with nothing to change and no file", async () => {
    process.env.CONSOLE_ADMIN_PASSWORD = "given-by-the-operator";
    forgetEnvForTests();
    const result = await bootstrap();
    expect(result.created).toBe(true);
    expect(result.passwordFile ?? result.generatedPassword).toBeUndefined();
    expect(existsSync(path.join(dir, "first-admin.txt"))).toBe(false);
    const [admin] = await handle.db.select().from(tables.users);
    expect(admin?.mustChangePassword).toBe(false);
  });
});
