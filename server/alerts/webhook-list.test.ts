import { describe, expect, it, vi } from "vitest";

const calls: Record<string, string>[] = [];
vi.mock("@/server/upstream", () => ({
  getAdminClient: () => ({
    alerts: {
      webhooks: {
        list: async () => ({
          data: [
            {
              id: "wh_ok",
              url: "https://a.example/hook",
              events: ["EIP_155_TX_V1"],
              autoAddNewAddresses: true,
              createdAt: "2026-01-01T00:00:00Z",
              updatedAt: "2026-01-01T00:00:00Z",
            },
            {
              id: "wh_down",
              url: "https://b.example/hook",
              events: ["EIP_155_TX_V1"],
              autoAddNewAddresses: true,
              createdAt: "2026-01-01T00:00:00Z",
              updatedAt: "2026-01-01T00:00:00Z",
            },
          ],
        }),
        events: async (id: string, query: Record<string, string>) => {
          calls.push({ id, ...query });
          if (id === "wh_down") throw new Error("upstream unavailable");
          return { data: [], metadata: { total: 7, cursor: null, limit: 1, alertWebhook: { id, url: "" } } };
        },
      },
    },
  }),
}));

const { listWebhookSummaries } = await import("./webhook-list");

describe("the webhooks list", () => {
  it("counts each webhook's failed deliveries of the last 24 hours from a whole minute; an unreadable count is null", async () => {
    const now = new Date("2026-11-23T10:15:42Z");
    const summaries = await listWebhookSummaries(now);
    const since = Date.UTC(2026, 10, 22, 10, 15) / 1000;
    expect(calls).toContainEqual({
      id: "wh_ok",
      eventTypes: "EIP_155_TX_V1",
      deliveryStatuses: "failed",
      since: String(since),
      limit: "1",
    });
    expect(summaries.map((s) => [s.id, s.failedLast24h])).toEqual([
      ["wh_ok", 7],
      ["wh_down", null],
    ]);
    expect(summaries[0]?.failedSince).toBe("2026-11-22T10:15:00.000Z");
  });

  it("keeps the counts a minute and a failed one 15 s: viewing the list again does not spend the upstream budget", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // A whole minute a day ahead of anything the test before kept.
      const base = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
      vi.setSystemTime(base);
      // Per webhook: the failed count (one failed row), the drop horizon (pages of failures) and the
      // watchdog (pages of every status).
      const kinds = [
        (c: Record<string, string>) => c.limit === "1",
        (c: Record<string, string>) => c.limit === "1000" && c.deliveryStatuses === "failed",
        (c: Record<string, string>) => c.limit === "1000" && c.deliveryStatuses === undefined,
      ];
      const asked = () =>
        ["wh_ok", "wh_down"].flatMap((id) => kinds.map((kind) => calls.filter((c) => c.id === id && kind(c)).length));
      await listWebhookSummaries(new Date());
      const first = asked();
      // Many views within 15 s: neither the good counts nor the failed ones are asked again.
      for (let i = 0; i < 5; i++) await listWebhookSummaries(new Date());
      expect(asked()).toEqual(first);
      // After 15 s the failed ones are asked again; the good ones are kept the minute.
      vi.setSystemTime(base + 16_000);
      const summaries = await listWebhookSummaries(new Date());
      const [ok, down] = [first.slice(0, 3), first.slice(3)];
      expect(asked()).toEqual([...ok, ...down.map((n) => n + 1)]);
      expect(summaries.map((s) => [s.id, s.failedLast24h])).toEqual([
        ["wh_ok", 7],
        ["wh_down", null],
      ]);
      // After the minute the good ones are asked again, the count for the new window.
      vi.setSystemTime(base + 61_000);
      const later = await listWebhookSummaries(new Date());
      expect(asked().slice(0, 3)).toEqual(ok.map((n) => n + 1));
      expect(later[0]?.failedSince).toBe(new Date(base + 60_000 - 86_400_000).toISOString());
    } finally {
      vi.useRealTimers();
    }
  });
});
