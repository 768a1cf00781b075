import { expect, test } from "@playwright/test";
import { sandboxEvents, sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

/**
 * A secret the upstream sends where the spec shows none (say, a webhook's signing secret the real
 * API adds one day) never reaches a browser: the console's upstream client replaces every
 * secret-named field before it caches, logs, parses or answers. The sandbox plants such fields in
 * each record of a list (a control rule's `extraFields`); a support user's route answers and the
 * event drawer carry "[redacted]" in their place and keep every other field the spec does not name.
 */

test.use({ storageState: storageState("support") });

const stamp = Date.now();
const PLANTED = {
  signingSecret: `whsec-planted-${stamp}`,
  nested: { API_KEY: `sk-planted-${stamp}` },
  items: [{ privateKey: `0xplanted${stamp}` }],
};
const SECRETS = [PLANTED.signingSecret, PLANTED.nested.API_KEY, PLANTED.items[0]!.privateKey];
const UNKNOWN = { e2eRiskNote: { note: `not in the spec ${stamp}`, level: 2 } };
const REDACTED_FIELDS = {
  signingSecret: "[redacted]",
  nested: { API_KEY: "[redacted]" },
  items: [{ privateKey: "[redacted]" }],
  ...UNKNOWN,
};

/** Text as a literal inside a sandbox rule's regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("[SEC][upstream-secrets] secret-named fields from the upstream", () => {
  test.afterEach(async () => sandboxRules([]));

  test("are replaced in the route answers served to a support user", async ({ page }) => {
    const accepting = await webhookByRole("accepting");
    await sandboxRules([
      { path: `/webhooks/${escape(accepting.id)}/events\\?`, extraFields: { ...PLANTED, ...UNKNOWN } },
      { path: "/custodians/me/clients(\\?|$)", extraFields: { ...PLANTED, ...UNKNOWN } },
    ]);
    const headers = { "sec-fetch-site": "same-origin" };

    const events = await page.request.get(`/api/alerts/webhooks/${accepting.id}/events`, { headers });
    expect(events.status()).toBe(200);
    const eventsText = await events.text();
    for (const secret of SECRETS) expect(eventsText).not.toContain(secret);
    const eventsBody = JSON.parse(eventsText) as { data: Record<string, unknown>[] };
    expect(eventsBody.data.length).toBeGreaterThan(0);
    for (const event of eventsBody.data) expect(event).toMatchObject(REDACTED_FIELDS);

    // The clients list answers with its columns alone: no field the upstream added gets through at all.
    const clients = await page.request.get("/api/clients", { headers });
    expect(clients.status()).toBe(200);
    const clientsText = await clients.text();
    for (const secret of SECRETS) expect(clientsText).not.toContain(secret);
    const { results } = JSON.parse(clientsText) as { results: Record<string, unknown>[] };
    expect(results.length).toBeGreaterThan(0);
    for (const row of results)
      expect(Object.keys(row).sort()).toEqual([
        "createdAt",
        "evmAddress",
        "id",
        "isAccountAbstracted",
        "solanaAddress",
      ]);
  });

  test("the event drawer shows the fields the spec does not name, a secret one as [redacted]", async ({ page }) => {
    const accepting = await webhookByRole("accepting");
    await sandboxRules([
      { path: `/webhooks/${escape(accepting.id)}/events\\?`, extraFields: { ...PLANTED, ...UNKNOWN } },
    ]);
    await page.goto(`/alerts/${accepting.id}`);
    // The newest event the page lists (other journeys raise events meanwhile: the row names its own).
    const details = page
      .getByTestId("event-row")
      .first()
      .getByRole("button", { name: /^Details of event / });
    const id = ((await details.getAttribute("aria-label")) ?? "").replace(/^Details of event /, "");
    expect(await sandboxEvents(accepting.id, { limit: "1000" })).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id })]),
    });
    await details.click();
    const drawer = page.getByRole("dialog", { name: `Event ${id}` });
    const json = drawer.getByLabel("Event record JSON");
    await expect(json).toContainText("[redacted]");
    const record = JSON.parse((await json.textContent())!) as Record<string, unknown>;
    expect(record).toMatchObject({ id, ...REDACTED_FIELDS });
    for (const secret of SECRETS) await expect(drawer).not.toContainText(secret);
  });
});
