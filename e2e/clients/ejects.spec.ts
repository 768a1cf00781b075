import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { seededClientPositions } from "../../sandbox/seed/backup-plan";
import { callAction, captureAction } from "../fixtures/actions";
import { expectAccessible } from "../fixtures/axe";
import { sandboxRules } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * Key ejection on the sandbox's seeded clients, whose backups are what their records say: the
 * approvals inbox, the clients list's Eject column, the signed evidence pack of a completed ejection,
 * withdrawing, refusing a wallet that cannot be ejected before anyone spends time on it, and an upstream
 * refusal told in words.
 */
test.describe.configure({ mode: "serial" });
test.use({ storageState: storageState("support") });

/** The seeded client at `position` of the upstream's list (oldest first), and its page of 25. */
async function seededClient(request: APIRequestContext, position: number) {
  const res = await request.get("/api/clients?take=100");
  const { results } = (await res.json()) as { results: { id: string }[] };
  return results[position]!.id;
}

const [EJECTABLE, WITHDRAWN, REFUSED] = seededClientPositions("completed", { count: 250 });
const [NOT_BACKED_UP] = seededClientPositions("none", { count: 250 });

async function requestEject(page: Page, clientId: string, ticket: string) {
  await page.goto(`/clients/${clientId}?tab=eject`);
  const form = page.getByRole("form", { name: "Request an eject" });
  await form.getByLabel("Ticket reference").fill(ticket);
  await form.getByLabel("Reason").fill("The user leaves and asked for their key");
  await form.getByLabel("Window (minutes)").fill("2");
  await form.getByRole("button", { name: "Request eject" }).click();
  const card = page.getByTestId("eject-request").filter({ hasText: ticket });
  await expect(card).toContainText("Waiting for approval");
  return card;
}

const ejectCell = (page: Page, clientId: string) =>
  page
    .getByRole("table", { name: "Clients" })
    .getByRole("row", { name: new RegExp(clientId) })
    .locator("td")
    .last();

interface ShareFile {
  clientId: string;
  ejectRequestId: string;
  encryptedClientBackupShare: string | null;
  custodianBackupShare: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

async function downloaded(page: Page, trigger: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent("download");
  await trigger();
  return (await waiting).path();
}

/**
 * The ejection's signed evidence pack: on the requester's card once the console has written it, the
 * same file on the approver's approvals page, holding the SHA-256 of the shares the requester got (and
 * no share), and verified by the reviewer with the key the audit page gave, in the browser and with
 * `npm run verify-export`.
 */
async function checkEvidencePack(page: Page, browser: Browser, card: Locator, file: ShareFile) {
  const requestId = file.ejectRequestId;
  const evidence = card.getByTestId("eject-evidence");
  const link = evidence.getByRole("link", { name: "Evidence pack (signed JSON)" });
  // A job writes it just after the download's audit record; the card asks again every few seconds.
  await expect(link).toBeVisible({ timeout: 30_000 });
  await screens(page, "clients-eject-evidence", async () => {
    await expect(link).toBeVisible();
  });
  const fromClientPage = await downloaded(page, () => link.click());
  const text = readFileSync(fromClientPage, "utf8");
  const pack = JSON.parse(text) as Record<string, unknown> & {
    shares: { digests: unknown[] };
    audit: { action: string; outcome: string }[];
  };
  expect(pack).toMatchObject({
    kind: "eject.evidence",
    requestId,
    clientId: file.clientId,
    request: { by: "support@e2e.test", ticket: "SUP-SEED-1" },
    decision: { outcome: "approved", by: "compliance@e2e.test", note: "Called the user back on the number on file" },
    execution: { by: "support@e2e.test", windowMinutes: 2 },
    sharesFetch: { by: "support@e2e.test" },
    missing: [],
  });
  expect(pack.shares.digests).toEqual([
    {
      field: "encryptedClientBackupShare",
      sha256: file.encryptedClientBackupShare === null ? null : sha256(file.encryptedClientBackupShare),
    },
    { field: "custodianBackupShare", sha256: sha256(file.custodianBackupShare) },
  ]);
  expect(pack.audit.map((r) => `${r.action} ${r.outcome}`)).toEqual(
    ["eject.request", "eject.approve", "eject.execute", "eject.fetch-shares"].flatMap((a) => [
      `${a} intent`,
      `${a} ok`,
    ]),
  );
  const secret = (JSON.parse(file.custodianBackupShare) as { share: string }).share;
  expect(text).not.toContain(secret.slice(0, 16));

  // The approver finds the same pack beside their decision, and verifies it with the key they pinned.
  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  try {
    const reviewer = await compliance.newPage();
    await reviewer.goto("/audit");
    const keyId = (await reviewer.getByTestId("signing-key-id").textContent())?.trim() ?? "";
    const pem = await downloaded(reviewer, () => reviewer.getByRole("button", { name: "Current key (PEM)" }).click());
    await reviewer.goto("/approvals");
    const item = reviewer
      .getByRole("region", { name: /Your decisions/ })
      .getByTestId("approval-item")
      .filter({ hasText: "SUP-SEED-1" });
    const itemLink = item.getByRole("link", { name: "Evidence pack (signed JSON)" });
    await expect(itemLink).toBeVisible();
    await screens(reviewer, "approvals-eject-evidence", async () => {
      await expect(itemLink).toBeVisible();
    });
    const fromApprovals = await downloaded(reviewer, () => itemLink.click());
    expect(readFileSync(fromApprovals, "utf8")).toBe(text);

    await reviewer.goto("/audit/verify");
    await reviewer.getByLabel("Signed document (.json)").setInputFiles(fromApprovals);
    await reviewer.getByLabel(/Public key file/).setInputFiles(pem);
    await reviewer.getByRole("button", { name: "Verify" }).click();
    const result = reviewer.getByTestId("verify-result");
    await expect(result).toHaveAttribute("data-verdict", "verified");
    await expect(result.getByRole("heading", { level: 2 })).toHaveText(`Verified against the key you gave (${keyId})`);
    await expect(result).toContainText(`the evidence pack of a key ejection: request ${requestId}`);
    await screens(reviewer, "audit-verify-eject-evidence", async () => {
      await expect(result).toBeVisible();
    });

    const command = spawnSync(process.execPath, ["scripts/verify-export.mjs", fromApprovals, "--key", pem], {
      encoding: "utf8",
    });
    expect(command.status).toBe(0);
    expect(command.stdout).toContain(`ok      eject evidence: request ${requestId} of client ${file.clientId}`);
    expect(command.stdout).toMatch(/\nOK\n$/);
  } finally {
    await compliance.close();
  }
}

test("[CLIENTS][eject-seeded] a seeded client with a completed backup is ejected end to end, approved from the inbox", async ({
  page,
  browser,
}) => {
  // Three people's steps, the list between each, and the client page at the end.
  test.slow();
  const clientId = await seededClient(page.request, EJECTABLE!);
  const card = await requestEject(page, clientId, "SUP-SEED-1");
  await page.goto("/clients");
  await expect(ejectCell(page, clientId)).toHaveText("Pending approval");

  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  const reviewer = await compliance.newPage();
  await reviewer.goto("/clients");
  const count = reviewer.getByRole("navigation", { name: "Main", exact: true }).getByTestId("approvals-count");
  await expect(count).toHaveText(/^\d+ waiting$/);
  const before = Number((await count.textContent())!.split(" ")[0]);
  await reviewer.getByRole("link", { name: /Approvals/ }).click();
  const item = reviewer
    .getByRole("region", { name: /Waiting for your approval/ })
    .getByTestId("approval-item")
    .filter({ hasText: "SUP-SEED-1" });
  await expect(item).toContainText(clientId);
  await expect(item).toContainText("support@e2e.test");
  await item.getByRole("button", { name: "Approve" }).click();
  const dialog = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
  await expect(dialog.getByRole("button", { name: "Approve the eject" })).toBeDisabled();
  await dialog.getByLabel("Why you approve").fill("Called the user back on the number on file");
  await dialog.getByRole("button", { name: "Approve the eject" }).click();
  await expect(item).toHaveCount(0);
  if (before > 1) await expect(count).toHaveText(`${before - 1} waiting`);
  else await expect(count).toHaveCount(0);
  await compliance.close();

  await page.goto("/clients");
  await expect(ejectCell(page, clientId)).toHaveText("Approved");
  await page.goto(`/clients/${clientId}?tab=eject`);
  await card.getByRole("button", { name: /Open the eject window/ }).click();
  await page
    .getByRole("alertdialog", { name: "Open the eject window?" })
    .getByRole("button", { name: "Open for 2 minutes" })
    .click();
  await expect(card).toContainText("Window open");
  await page.goto("/clients");
  await expect(ejectCell(page, clientId)).toHaveText(/^Open until \d{4}-\d\d-\d\d \d\d:\d\d · [0-2]m \d\ds$/);
  await page.goto(`/clients/${clientId}?tab=eject`);
  await card.getByLabel(/Type the client id/).fill(clientId);
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download backup shares" }).click();
  const file = JSON.parse(
    await (await (await download).createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
  );
  expect(file).toMatchObject({ clientId, ejectRequestId: await card.getAttribute("data-request-id") });
  expect(String(file.custodianBackupShare).length).toBeGreaterThan(20);
  await checkEvidencePack(page, browser, card, file as ShareFile);
  await page.goto("/clients");
  await expect(ejectCell(page, clientId)).toHaveText(/^1 of 2 wallets ejected \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  const listed = (await ejectCell(page, clientId).textContent())!;

  // The client page says the same as the list (the upstream's record has no ejectedAt: the console
  // handed the shares out), and the wallet cannot be requested again.
  await page.goto(`/clients/${clientId}?tab=eject`);
  await expect(page.getByTestId("client-eject-state")).toHaveText(listed);
  const form = page.getByRole("form", { name: "Request an eject" });
  // The form starts on the wallet that can still be requested; the one requested above says why not.
  const walletSelect = form.getByLabel("Wallet", { exact: true });
  await expect(walletSelect.locator("option:checked")).not.toHaveText(/\(shares handed out\)$/);
  const handedOut = walletSelect.locator("option", { hasText: /\(shares handed out\)$/ });
  const walletId = (await handedOut.getAttribute("value"))!;
  await walletSelect.selectOption(walletId);
  await expect(form).toContainText(/backup shares were already handed out \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
  await expect(form.getByRole("button", { name: "Request eject" })).toBeDisabled();

  // The wallet's card says it is ejected, at the list's time and by whom, and no longer that it can
  // be ejected (the upstream still lists its window and its completed backup).
  const walletCard = page.getByRole("article", { name: /wallet$/ }).filter({ hasText: walletId });
  const listedAt = /ejected (\d{4}-\d\d-\d\d \d\d:\d\d UTC)$/.exec(listed)![1]!;
  await expect(walletCard.getByTestId("wallet-ejected")).toHaveText(
    new RegExp(`^Ejected ${listedAt} by support@e2e\\.test: .*nothing left to eject\\.$`),
  );
  await expect(walletCard.getByText("Ejected", { exact: true })).toBeVisible();
  await expect(walletCard).not.toContainText("Ejectable until");
  const backupShares = walletCard.locator('dt:text-is("Backup shares") + dd');
  await expect(backupShares.getByText("completed", { exact: true })).toHaveCount(0);
  await expect(backupShares.getByText("handed out", { exact: true }).first()).toBeVisible();
  // The other wallet was not ejected: its card says nothing of it.
  await expect(page.getByRole("article", { name: /wallet$/ }).getByTestId("wallet-ejected")).toHaveCount(1);
  await expectAccessible(page);
  await screens(page, "clients-wallet-ejected", async () => {
    await expect(walletCard.getByTestId("wallet-ejected")).toBeVisible();
  });

  // The server refuses it too, called directly with the form's action (taken from another client).
  const other = await seededClient(page.request, WITHDRAWN!);
  await page.goto(`/clients/${other}?tab=eject`);
  const action = await captureAction(page, async () => {
    const f = page.getByRole("form", { name: "Request an eject" });
    await f.getByLabel("Ticket reference").fill("x");
    await f.getByRole("button", { name: "Request eject" }).click();
  });
  const again = await callAction(page.request, action, {
    clientId,
    walletId,
    reason: "Asking for the same wallet again",
    ticket: "SUP-AGAIN",
    windowMinutes: 2,
  });
  expect(again.text).toContain("backup shares were already handed out");
});

test("[CLIENTS][eject-ineligible] a wallet that was never backed up is refused before anyone approves", async ({
  page,
}) => {
  const clientId = await seededClient(page.request, NOT_BACKED_UP!);
  await page.goto(`/clients/${clientId}?tab=eject`);
  const form = page.getByRole("form", { name: "Request an eject" });
  await expect(form).toContainText("the client never backed it up");
  await expect(form.getByRole("button", { name: "Request eject" })).toBeDisabled();

  // The server says the same to a direct call (the action taken from an eligible client's form;
  // the first one's shares were handed out above, so its form is closed now).
  const eligible = await seededClient(page.request, WITHDRAWN!);
  await page.goto(`/clients/${eligible}?tab=eject`);
  const action = await captureAction(page, async () => {
    const other = page.getByRole("form", { name: "Request an eject" });
    await other.getByLabel("Ticket reference").fill("x");
    await other.getByRole("button", { name: "Request eject" }).click();
  });
  const walletRes = await page.request.get(`/api/clients/${clientId}`);
  const { wallets } = (await walletRes.json()) as { wallets: { id: string }[] };
  const forged = await callAction(page.request, action, {
    clientId,
    walletId: wallets[0]!.id,
    reason: "Trying it anyway, directly",
    ticket: "SUP-X",
    windowMinutes: 2,
  });
  expect(forged.text).toContain("never backed it up");
});

test("[CLIENTS][eject-withdraw] the requester withdraws; the request leaves the inbox and the list", async ({
  page,
  browser,
}) => {
  const clientId = await seededClient(page.request, WITHDRAWN!);
  const card = await requestEject(page, clientId, "SUP-SEED-2");
  await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await card.getByRole("button", { name: "Withdraw request" }).click();
  await page
    .getByRole("alertdialog", { name: "Withdraw this request?" })
    .getByRole("button", { name: "Withdraw" })
    .click();
  await expect(card).toContainText("Withdrawn");
  await expect(card).toContainText("by the requester");

  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  const reviewer = await compliance.newPage();
  await reviewer.goto("/approvals");
  await expect(reviewer.getByRole("heading", { name: /Waiting for your approval/ })).toBeVisible();
  await expect(
    reviewer
      .getByRole("region", { name: /Waiting for your approval/ })
      .getByTestId("approval-item")
      .filter({ hasText: "SUP-SEED-2" }),
  ).toHaveCount(0);
  await compliance.close();
  await page.goto("/clients");
  await expect(ejectCell(page, clientId)).toHaveText("—");
});

test("[CLIENTS][eject-refused] the upstream refuses to open the window: the card says so in words; the approval stands", async ({
  page,
  browser,
}) => {
  const clientId = await seededClient(page.request, REFUSED!);
  const card = await requestEject(page, clientId, "SUP-SEED-3");
  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  const reviewer = await compliance.newPage();
  await reviewer.goto("/approvals");
  await reviewer
    .getByTestId("approval-item")
    .filter({ hasText: "SUP-SEED-3" })
    .getByRole("button", { name: "Approve" })
    .click();
  const approve = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
  await approve.getByLabel("Why you approve").fill("Checked the ticket with the user");
  await approve.getByRole("button", { name: "Approve the eject" }).click();
  await expect(approve).toHaveCount(0);
  await compliance.close();

  await page.reload();
  await expect(card).toContainText("Approved");
  await sandboxRules([{ path: "/enable-eject", fault: "500" }]);
  try {
    await card.getByRole("button", { name: /Open the eject window/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Open the eject window?" });
    await dialog.getByRole("button", { name: "Open for 2 minutes" }).click();
    // The attempt is over: the confirmation closes and the refusal stays in the request's card.
    await expect(dialog).toHaveCount(0);
    const refusal = card.getByRole("alert");
    await expect(refusal).toContainText(
      "The wallet service failed while opening the eject window (an error on its side). Nothing was opened; the approval still stands.",
    );
    await expect(refusal).toContainText(/\(request [\w-]{8}\)$/);
    for (const wire of ["PATCH", "/api/", "enable-eject", "{", "500", "Simulated"])
      await expect(refusal).not.toContainText(wire);
    await expect(card).toContainText("Approved");
    await expect(card.getByRole("button", { name: /Open the eject window/ })).toBeVisible();
  } finally {
    await sandboxRules([]);
  }

  // With the upstream back, the same approval opens the window.
  await card.getByRole("button", { name: /Open the eject window/ }).click();
  await page
    .getByRole("alertdialog", { name: "Open the eject window?" })
    .getByRole("button", { name: "Open for 2 minutes" })
    .click();
  await expect(card).toContainText("Window open");
  await expect(card.getByRole("alert")).toHaveCount(0);
});
