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
});
