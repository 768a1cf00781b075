import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/contracts";
import { freshSlice, type ExportParams } from "./checkpoint";
import { fetchSlice } from "./fetch-slice";
import type { PartFile } from "./files";
import { buildManifest } from "./manifest";
import { rowFormatter } from "./rows";

/**
 * The manifest's range, over any rows: slices fetched page by page (newest first, as the upstream pages
 * them; test activity left out at random), then the manifest built from their states. Its oldest and newest
 * event are the oldest and newest createdAt of the rows written to the file, oldest ≤ newest, and its
 * rows and left-out counts are what was written and what was not.
 */
const BASE = Date.parse("2026-11-01T00:00:00.000Z");
const HOUR = 3_600_000;

const event = (id: string, at: number): AlertEvent => ({
  id,
  type: "EIP_155_TX_V1",
  chainId: "eip155:11155111",
  blockNumber: 1,
  transactionHashes: [`0x${"a".repeat(64)}`],
  deliveryStatus: "failed",
  retries: 0,
  errorMessage: null,
  confirmed: null,
  createdAt: new Date(at).toISOString(),
  updatedAt: new Date(at).toISOString(),
});

const params = (tz: string): ExportParams => ({
  webhookId: "wh",
  filters: { type: "EIP_155_TX_V1", statuses: [], tz, chains: [], test: "exclude" },
  format: "ndjson",
  until: new Date(BASE + 100 * HOUR).toISOString(),
  startedAt: new Date(BASE + 100 * HOUR).toISOString(),
  actor: { id: "u", email: "u@example.com", role: "compliance" },
});

describe("an alerts export manifest's range", () => {
  it("is the oldest and newest createdAt of the file's rows, oldest ≤ newest, whatever the rows and slices", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 100 * HOUR - 1 }), test: fc.boolean() }), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom("UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata"),
        async (specs, cutHours, pageSize, tz) => {
          const events = specs.map((s, i) => ({ ...s, e: event(`e${i}`, BASE + s.at) })).sort((a, b) => b.at - a.at);
          const left = new Set(events.filter((e) => e.test).map((e) => e.e.id));
          const cut = BASE + cutHours * HOUR;
          // Two slices, newest first, as the plan splits a range.
          const slices = [freshSlice(cut, BASE + 100 * HOUR, 0), freshSlice(BASE, cut, 0)];
          const written: AlertEvent[] = [];
          for (const slice of slices) {
            const inSlice = events.map((e) => e.e).filter((e) => Date.parse(e.createdAt) >= slice.lo);
            const part = {
              bytes: 0,
              async append(chunks: Buffer[]) {
                for (const chunk of chunks)
                  for (const line of chunk.toString("utf8").split("\n").filter(Boolean))
                    written.push(JSON.parse(line) as AlertEvent);
                this.bytes += chunks.reduce((sum, c) => sum + c.length, 0);
              },
            };
            await fetchSlice(slice, part as unknown as PartFile, {
              page: async (state, cursor) => {
                const start = cursor === null ? 0 : Number(cursor);
                const data = inSlice.slice(start, start + pageSize);
                const next = start + pageSize < inSlice.length ? String(start + pageSize) : null;
                return {
                  data,
                  metadata: {
                    alertWebhook: { id: "wh", url: "" },
                    cursor: next,
                    limit: pageSize,
                    total: inSlice.length,
                  },
                };
              },
              formatter: rowFormatter("ndjson", tz),
              leaveOut: async (page) => new Set(page.filter((e) => left.has(e.id)).map((e) => e.id)),
              signal: new AbortController().signal,
              onPage: () => undefined,
            });
          }
          const manifest = buildManifest({
            runId: "r",
            params: params(tz),
            fileName: "f.ndjson",
            bytes: 0,
            sha256: "0".repeat(64),
            slices,
            generatedAt: new Date(BASE + 101 * HOUR),
          });
          const times = written.map((e) => Date.parse(e.createdAt));
          expect(manifest.rows).toBe(written.length);
          expect(written.every((e) => !left.has(e.id))).toBe(true);
          expect(manifest.rows + manifest.testActivity.leftOut).toBe(events.length);
          expect(manifest.testActivity).toEqual({ mode: "exclude", leftOut: left.size });
          if (written.length === 0) {
            expect([manifest.oldestEventAt, manifest.newestEventAt]).toEqual([null, null]);
            return;
          }
          const oldest = Date.parse(manifest.oldestEventAt as string);
          const newest = Date.parse(manifest.newestEventAt as string);
          expect(oldest).toBeLessThanOrEqual(newest);
          expect(oldest).toBe(Math.min(...times));
          expect(newest).toBe(Math.max(...times));
        },
      ),
      { numRuns: 200 },
    );
  });
});
