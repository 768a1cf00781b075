import { createHmac, timingSafeEqual } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2ePaths } from "../scripts/setup.mjs";
import { startReceiver } from "../testing/notifications/receiver";
import { expectAccessible } from "./fixtures/axe";
import { webhookByRole } from "./fixtures/sandbox-api";
import { screens, setTheme } from "./fixtures/screens";
import { toastsGone } from "./fixtures/toasts";
import { storageState } from "./fixtures/users";

/**
 * Being told: an admin points notifications at a receiver (started here, in Node), is shown the signing
 * secret once, sends a test notification, switches on a real rule (the failing webhook's events about to
 * be dropped: the sandbox's seeded history holds failures at every stage of the retry schedule), and the
 * receiver gets each message, signed, once. The receiver checks the signature with node:crypto alone.
 */

test.use({ storageState: storageState("admin") });

test("[NOTIFY] an admin sets the receiver, sends a test, switches a rule on; the receiver gets signed messages once", async ({
  page,
}) => {
  // Two passes of the rules job are waited for (each up to 60 s): 36 s on a quiet machine, over the default
  // 60 s under the stress run's burners, where the timeout also cut the clean-up below and its retry
  // found the last attempt's destination still set.
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    await page.goto("/users");
    const section = page.getByRole("region", { name: "Notifications", exact: true });
    // A retry may find what an attempt cut short left set: put the stack back first (a rule switched off
    // forgets its findings at once, so what stands fires anew below).
    const destination = section.getByTestId("notify-destination");
    await expect(destination).not.toBeEmpty();
    if ((await destination.textContent())?.trim() !== "none") await putBack(page);
    await expect(destination).toHaveText("none");
    await expectAccessible(page);

    // A bad URL is refused with a clear message, under the field.
    await section.getByLabel("Webhook URL").fill("http://hooks.example.com/console");
    await section.getByRole("button", { name: "Save destination" }).click();
    await expect(section.getByRole("alert").filter({ hasText: "Use https" })).toBeVisible();

    // The receiver's URL, plain JSON: the signing secret is shown once; the destination never with its query.
    await section.getByLabel("Webhook URL").fill(receiver.url);
    await section.getByLabel("Format").selectOption("plain");
    // The first attempt on a fresh stack is told the secret is made on save; a retry finds the one that
    // attempt made (shown once, then never again) and makes a new one to know it.
    const madeOnSave = await section.getByText("A signing secret is made when you save, and shown once.").isVisible();
    await section.getByRole("button", { name: "Save destination" }).click();
    await expect(section.getByTestId("notify-destination")).toHaveText(`${new URL(receiver.url).origin}/…`);
    if (!madeOnSave) await section.getByRole("button", { name: "New signing secret" }).click();
    await section.getByRole("button", { name: "Reveal Signing secret" }).click();
    await expect(section.getByTestId("secret-value")).not.toHaveText(/•/);
    const secret = (await section.getByTestId("secret-value").textContent())!.trim();
    expect(secret).toMatch(/^ccsig_[A-Za-z0-9_-]{43}$/);
    // The secret scan looks for it everywhere but the answer that handed it out.
    mkdirSync(path.dirname(e2ePaths().notifySecrets), { recursive: true });
    appendFileSync(e2ePaths().notifySecrets, `notify-signing-secret\t${secret}\n`);
    await expect(section.getByTestId("notify-destination")).toHaveText(`${new URL(receiver.url).origin}/…`);
    await expect(section).not.toContainText("receiver-token-123");
    await expect(section).not.toContainText("/hooks/console");
    await section.getByRole("button", { name: "Done" }).click();
    await expect(section.getByTestId("secret-value")).toHaveCount(0);

    const check = (index: number) => {
      const request = receiver.received[index]!;
      const timestamp = String(request.headers["x-console-timestamp"]);
      const mac = createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex");
      const given = Buffer.from(String(request.headers["x-console-signature"]));
      const expected = Buffer.from(`v1=${mac}`);
      expect(given.length === expected.length && timingSafeEqual(given, expected), "signature holds").toBe(true);
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
      return JSON.parse(request.body) as Record<string, unknown>;
    };

    // A test notification: delivered, signed, and in the table of last sends.
    await section.getByRole("button", { name: "Send a test notification" }).click();
    await expect(page.getByText("Test notification delivered (HTTP 200)")).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(check(0)).toMatchObject({ kind: "test", rule: "test", state: "firing" });
    const sends = section.getByTestId("notify-send");
    await expect(sends.first()).toContainText("Test");
    await expect(sends.first()).toContainText("Sent");
    await expect(sends.first()).toContainText("200");

    // A real rule: failed events dropped within 48 hours (the whole retry schedule).
    const failing = await webhookByRole("failing");
    const sent = section.getByTestId("notify-send").filter({ hasText: failing.id });
    const sentBefore = await sent.count();
    const rule = section.getByRole("form", { name: "Failed events about to be dropped" });
    await rule.getByLabel("Within").fill("0");
    await rule.getByRole("checkbox").check();
    await rule.getByRole("button", { name: "Save Failed events about to be dropped" }).click();
    await expect(rule.getByRole("alert")).toHaveText("Between 1 and 48 hours");
    await rule.getByLabel("Within").fill("48");
    await rule.getByRole("button", { name: "Save Failed events about to be dropped" }).click();
    await expect(page.getByText("Failed events about to be dropped: on")).toBeVisible();
    await section.getByRole("button", { name: "Check the rules now" }).click();

    const horizon = `/alerts/${failing.id}/horizon`;
    const forFailing = () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as Record<string, unknown>)
        .filter((b) => String(b.link).endsWith(horizon));
    await expect.poll(() => forFailing().length, { timeout: 60_000 }).toBe(1);
    const index = receiver.received.findIndex((r) => r.body.includes(horizon));
    const message = check(index);
    expect(message).toMatchObject({ kind: "finding", rule: "drop-horizon", state: "firing" });
    expect(message.what).toContain(failing.id);
    expect(message.count as number).toBeGreaterThanOrEqual(7);
    expect(String(message.link)).toMatch(/^https?:\/\/[^/]+\/alerts\//);
    // Ids and counts only: no address, e-mail or amount.
    expect(JSON.stringify(receiver.received.map((r) => r.body))).not.toMatch(/0x[0-9a-f]{40}|@|amount/i);

    // Checked again, once that pass has ended, the standing finding has not been sent again.
    const lastPass = async () =>
      ((await (await page.request.get("/api/notifications")).json()) as { lastPass: { finishedAt: string } | null })
        .lastPass?.finishedAt ?? null;
    const before = await lastPass();
    await toastsGone(page);
    await section.getByRole("button", { name: "Check the rules now" }).click();
    await expect.poll(lastPass, { timeout: 60_000 }).not.toBe(before);
    expect(forFailing()).toHaveLength(1);
    await page.reload();
    await expect(section.getByText(/^\d+ firing$/).first()).toBeVisible();
    await expect(section.getByTestId("notify-last-pass")).toContainText("Rules last checked");
    // One more send for the failing webhook on the page too, named by the rule and the webhook's id.
    await expect(sent).toHaveCount(sentBefore + 1);
    await expect(sent.first()).toContainText("Drop horizon");
    await expect(sent.first()).toContainText("HTTP 200");

    // Accessible with sends, a firing rule and a last pass on show, in both themes.
    await toastsGone(page);
    await expectAccessible(page);
    await setTheme(page, "dark");
    await expectAccessible(page);
    await setTheme(page, "light");
    await section.scrollIntoViewIfNeeded();
    await screens(page, "users-notifications");
  } finally {
    await putBack(page);
    await receiver.close();
  }
});

/** Leaves the stack as it was: no destination (later passes then send nothing), the rule off. */
async function putBack(page: Page) {
  await page.goto("/users");
  const section = page.getByRole("region", { name: "Notifications", exact: true });
  const rule = section.getByRole("form", { name: "Failed events about to be dropped" });
  await rule.getByRole("checkbox").uncheck();
  await rule.getByRole("button", { name: "Save Failed events about to be dropped" }).click();
  await expect(page.getByText("Failed events about to be dropped: off")).toBeVisible();
  await section.getByLabel("Webhook URL").fill("");
  await section.getByRole("button", { name: "Save destination" }).click();
  await expect(section.getByTestId("notify-destination")).toHaveText("none");
  // Its toasts, still fading in or out, are not what a later check of the page is about.
  await toastsGone(page);
}
