import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveViewSchema } from "@/lib/shared/saved-views";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { deleteView, listSavedViews, saveView } from "./views";

const alice = "11111111-1111-4111-8111-111111111111";
const bob = "22222222-2222-4222-8222-222222222222";

describe.each<TestDbKind>(["pglite", "postgres"])("saved views on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });

  it("keeps each user's views apart, sorted by name; the same name replaces", async () => {
    await saveView(alice, { scope: "alerts.events", name: "Sepolia", query: "chains=eip155:11155111" });
    await saveView(alice, { scope: "alerts.events", name: "Failed", query: "status=failed" });
    await saveView(bob, { scope: "alerts.events", name: "Mine", query: "status=pending" });
    // Read once before the replacement: what the page is served after it is the replacement.
    expect((await listSavedViews(alice, "alerts.events")).map((v) => v.query)).toEqual([
      "status=failed",
      "chains=eip155:11155111",
    ]);
    await saveView(alice, { scope: "alerts.events", name: "Failed", query: "status=failed&limit=500" });
    const views = await listSavedViews(alice, "alerts.events");
    expect(views.map((v) => [v.name, v.query])).toEqual([
      ["Failed", "status=failed&limit=500"],
      ["Sepolia", "chains=eip155:11155111"],
    ]);
    expect((await listSavedViews(bob, "alerts.events")).map((v) => v.name)).toEqual(["Mine"]);
  });

  it("deletes only the user's own view", async () => {
    const [mine] = await listSavedViews(bob, "alerts.events");
    await expect(deleteView(alice, mine!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteView(bob, mine!.id);
    expect(await listSavedViews(bob, "alerts.events")).toEqual([]);
  });
});

describe("a saved view's input", () => {
  it("takes a filter query string and a plain name, refuses anything else", () => {
    expect(
      saveViewSchema.safeParse({
        scope: "alerts.events",
        name: "Failed",
        query: "status=failed&from=2026-11-21T09%3A30%3A00.000Z",
      }).success,
    ).toBe(true);
    for (const bad of [
      { scope: "audit", name: "x", query: "" },
      { scope: "alerts.events", name: "", query: "" },
      { scope: "alerts.events", name: "bell\u0007", query: "" },
      { scope: "alerts.events", name: "ok", query: "<script>" },
      { scope: "alerts.events", name: "ok", query: "a".repeat(3000) },
    ])
      expect(saveViewSchema.safeParse(bad).success).toBe(false);
  });
});
