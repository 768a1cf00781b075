import { spawnSync } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import canonicalize from "canonicalize";
import { parse } from "csv-parse/sync";
import { failSignIn } from "../fixtures/audit";
import { expectAccessible } from "../fixtures/axe";
import { screens, setTheme } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

async function download(page: Page, trigger: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent("download");
  await trigger();
  return (await waiting).path();
}

/**
 * A document verified the way a reviewer outside the console would: the RFC 8785 canonical JSON
 * of everything but `signature`, checked with Node's own Ed25519 against the PEM the audit page gave.
 */
function verifiedWith(pemFile: string, document: Record<string, unknown>): boolean {
  const { signature, ...body } = document as { signature: { value: string } };
  return verify(
    null,
    Buffer.from(canonicalize(body)!),
    createPublicKey(readFileSync(pemFile)),
    Buffer.from(signature.value, "hex"),
  );
}

test.describe("[AUDIT][evidence] signed exports and checkpoints", () => {
  test("[AUDIT][export] the whole filtered log exports on the server with a signed manifest a reviewer verifies anywhere", async ({
    page,
    browser,
  }, testInfo) => {
    // An export job, then five verifications in the browser (without a key, with the PEM, a pinned id that
    // is not the signer's, a changed file) and axe in both themes: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await failSignIn(browser, `export-${Date.now()}@e2e.test`);
    await page.goto("/audit?outcome=error&errorCode=INVALID_CREDENTIALS");
    const keyId = (await page.getByTestId("signing-key-id").textContent())?.trim() ?? "";
    expect(keyId).toMatch(/^ed25519:[0-9a-f]{16}$/);
    const pem = await download(page, () => page.getByRole("button", { name: "Current key (PEM)" }).click());

    await page.getByRole("button", { name: "Export CSV (filtered)" }).click();
    const run = page.getByRole("list", { name: "Your recent audit exports" }).getByTestId("export-run").first();
    await expect(run).toHaveAttribute("data-status", "succeeded");
    await expect(run.getByTestId("export-signed-by")).toHaveText(`signed by ${keyId}`);
    const file = await download(page, () => run.getByRole("link", { name: "Download CSV" }).click());
    const manifestFile = await download(page, () => run.getByRole("link", { name: "Manifest" }).click());

    // The reviewer's own tool on what the browser downloaded: without a key they trust it never says OK.
    const verifyExport = (...args: string[]) =>
      spawnSync(process.execPath, ["scripts/verify-export.mjs", ...args], { encoding: "utf8" });
    const unkeyed = verifyExport(file, manifestFile);
    expect(unkeyed.status).toBe(3);
    expect(unkeyed.stdout.trimEnd().split("\n").at(-1)).toBe("NOT VERIFIED: no trusted key given");
    expect(verifyExport(file, manifestFile, "--key", pem)).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/\nOK\n$/),
    });

    const csv = readFileSync(file, "utf8");
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    // The whole filtered set: some rows, each one an error with that code.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.outcome !== "error" || r.error_code !== "INVALID_CREDENTIALS")).toEqual([]);
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown> & {
      file: { name: string; sha256: string; bytes: number };
      rows: number;
      signature: { keyId: string };
    };
    expect(manifest).toMatchObject({
      kind: "audit.export",
      rows: rows.length,
      filters: { outcome: "error", errorCode: "INVALID_CREDENTIALS" },
      file: { sha256: createHash("sha256").update(csv).digest("hex"), bytes: Buffer.byteLength(csv) },
      chain: { verdict: "intact" },
      signature: { keyId },
    });
    expect(verifiedWith(pem, manifest)).toBe(true);
    expect(verifiedWith(pem, { ...manifest, rows: manifest.rows + 1 })).toBe(false);

    // The same check in the browser, nothing uploaded. Without a key the reviewer brought, it is checked
    // against the keys this console serves: intact, but not "Verified".
    const renamed = testInfo.outputPath("renamed.csv");
    copyFileSync(file, renamed);
    await page.goto("/audit/verify");
    await page.getByLabel("Manifest, checkpoint or evidence pack (.json)").setInputFiles(manifestFile);
    await page.getByLabel(/Exported file/).setInputFiles(renamed);
    await page.getByRole("button", { name: "Verify" }).click();
    const result = page.getByTestId("verify-result");
    await expect(result).toHaveAttribute("data-verdict", "integrity-only");
    await expect(result.getByRole("heading", { level: 2 })).toHaveText(
      "Intact, but not verified against a key you trust",
    );
    await expect(result.getByTestId("verify-verdict")).toHaveText(
      `The document is intact and signed by ${keyId}, a key this console currently publishes. Not verified against a key you trust: to verify independently, give the public key you pinned (see docs/security-verifying.md).`,
    );
    await expect(result.locator('[data-check="Signature"]')).toContainText(
      `signed by ${keyId}, the current key this console publishes`,
    );
    await expect(result.locator('[data-check="Rows"]')).toContainText(
      `${rows.length} ${rows.length === 1 ? "record" : "records"} after the header`,
    );
    // In the words `npm run verify-export` prints for the same two files.
    const commandNote = /^ {2}note: (.*)$/m.exec(verifyExport(renamed, manifestFile).stdout)?.[1];
    expect(commandNote).toBe(`the file is named renamed.csv; the manifest names ${manifest.file.name}`);
    await expect(result.getByTestId("verify-note")).toHaveText(`Note: ${commandNote}`);
    await expectAccessible(page);
    await setTheme(page, "dark");
    await expectAccessible(page);
    await setTheme(page, "light");
    await screens(page, "audit-verify-intact", async () => {
      await expect(result).toBeVisible();
    });

    // With the key the reviewer kept (the PEM downloaded earlier), under the name the manifest gives: verified.
    const named = testInfo.outputPath(manifest.file.name);
    copyFileSync(file, named);
    await page.getByLabel(/Exported file/).setInputFiles(named);
    await page.getByLabel(/Public key file/).setInputFiles(pem);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(result).toHaveAttribute("data-verdict", "verified");
    await expect(result.getByRole("heading", { level: 2 })).toHaveText(`Verified against the key you gave (${keyId})`);
    await expect(result.locator('[data-check="Signature"]')).toContainText(`signed by ${keyId}, the key you gave`);
    await expect(result.getByTestId("verify-note")).toHaveCount(0);
    await expectAccessible(page);

    // A pinned key id that is not the one that signed: not verified, naming the key that did.
    await page.getByLabel(/Public key file/).setInputFiles([]);
    await page.getByLabel(/paste a public key/).fill("ed25519:0123456789abcdef");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result.getByRole("heading", { level: 2 })).toHaveText("Not verified against the key you gave");
    await expect(result.getByTestId("verify-verdict")).toHaveText(
      `It was signed by ${keyId}, which is not the key you gave.`,
    );
    await page.getByLabel(/paste a public key/).fill(keyId);

    // One changed byte: the browser names the digest that differs.
    const tampered = testInfo.outputPath("tampered.csv");
    writeFileSync(tampered, csv.replace("INVALID_CREDENTIALS", "INVALID_CREDENTIALZ"));
    await page.getByLabel(/Exported file/).setInputFiles(tampered);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(result).toHaveAttribute("data-verdict", "failed");
    await expect(result.getByTestId("verify-verdict")).toHaveText("Not as it should be: SHA-256 (marked below).");
    await expect(result.locator('[data-check="SHA-256"]')).toHaveAttribute("data-ok", "false");
    await expect(result.locator('[data-check="Signature"]')).toHaveAttribute("data-ok", "true");
    await screens(page, "audit-verify-failed", async () => {
      await expect(page.getByTestId("verify-result")).toBeVisible();
    });

    // The export is on record with the file's digest.
    await page.goto("/audit?action=audit.export");
    await page
      .getByRole("button", { name: /^Details of record/ })
      .first()
      .click();
    await expect(page.getByTestId("record-input")).toContainText(manifest.file.sha256);
  });

  test("[AUDIT][checkpoint] a downloaded checkpoint is signed, verifies the log later, and a tampered one is refused", async ({
    page,
  }, testInfo) => {
    await page.goto("/audit");
    const pem = await download(page, () => page.getByRole("button", { name: "Current key (PEM)" }).click());
    const file = await download(page, () => page.getByRole("button", { name: "Download checkpoint" }).click());
    const checkpoint = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> & { count: number };
    expect(checkpoint).toMatchObject({ format: "custodian-console.audit-checkpoint/v2", reason: "download" });
    expect(verifiedWith(pem, checkpoint)).toBe(true);

    await page.getByLabel("Verify against a checkpoint…").setInputFiles(file);
    await expect(page.getByTestId("chain-verdict")).toContainText(
      new RegExp(
        `Chain intact: \\d+ records verified, and the sealed head agrees, matching .*the checkpoint you gave, of .* \\(${checkpoint.count} records\\)`,
      ),
    );

    const forged = testInfo.outputPath("forged-checkpoint.json");
    writeFileSync(forged, JSON.stringify({ ...checkpoint, count: checkpoint.count - 1 }));
    await page.getByLabel("Verify against a checkpoint…").setInputFiles(forged);
    await expect(page.getByTestId("chain-verdict")).toContainText("The signature does not match the document");

    // The verify page checks a checkpoint alone: intact against the console's keys, verified against the PEM kept.
    await page.goto("/audit/verify");
    await page.getByLabel("Manifest, checkpoint or evidence pack (.json)").setInputFiles(file);
    await page.getByRole("button", { name: "Verify" }).click();
    const result = page.getByTestId("verify-result");
    await expect(result).toHaveAttribute("data-verdict", "integrity-only");
    await expect(result).toContainText(`${checkpoint.count} records`);
    await page.getByLabel(/Public key file/).setInputFiles(pem);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(result).toHaveAttribute("data-verdict", "verified");
  });
});
