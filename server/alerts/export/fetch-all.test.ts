import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent, ListAlertEventsResponse } from "@/lib/contracts/alerts";
import { forgetEnvForTests } from "@/server/env";
import { errorFromResponse } from "@/server/upstream/errors";
import { freshSlice, type FetchingCheckpoint, type SliceState } from "./checkpoint";
import { fetchAllSlices, type FetchAllDeps } from "./fetch-all";
import { fetchSlice } from "./fetch-slice";
import { PartFile, partPath } from "./files";
import type { RowFormatter } from "./rows";

const RUN = "0b9d6c52-5b0e-4d4e-9a43-3f1e2a6c0d11";
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "export-parts-"));
  process.env.CONSOLE_EXPORT_DIR = dir;
  forgetEnvForTests();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event = (id: string, createdAt: number): AlertEvent => ({
  id,
  type: "EIP_155_TX_V1",
  chainId: "eip155:1",
  blockNumber: 1,
  transactionHashes: [],
  deliveryStatus: "success",
  retries: 0,
  errorMessage: null,
  confirmed: 1,
  createdAt: new Date(createdAt).toISOString(),
  updatedAt: new Date(createdAt).toISOString(),
});
const page = (data: AlertEvent[], cursor: string | null): ListAlertEventsResponse => ({
  data,
  metadata: { alertWebhook: { id: "w", url: "u" }, cursor, limit: data.length, total: 0 },
});
/** One line per event: its id. */
const ids: RowFormatter = { header: "", format: (events) => events.map((e) => `${e.id}\n`).join("") };

describe("one slice", () => {
  it("keeps rows of its own half-open range once, whatever the pages repeat", async () => {
    const slice = freshSlice(10_000, 20_000, 5);
    // The upstream answers a second wider on each side, repeats the cursor row, then a whole page.
    const pages = new Map<string | null, ListAlertEventsResponse>([
      [null, page([event("late", 20_000), event("e1", 19_999), event("e2", 15_000), event("e3", 15_000)], "e3")],
      ["e3", page([event("e3", 15_000), event("e4", 15_000), event("e5", 10_000)], "e5")],
      ["e5", page([event("e4", 15_000), event("e5", 10_000), event("early", 9_999)], null)],
    ]);
    const part = (await PartFile.open(partPath(RUN, 0), 0)) as PartFile;
    await fetchSlice(slice, part, {
      page: async (_s, cursor) => pages.get(cursor) as ListAlertEventsResponse,
      formatter: ids,
      signal: new AbortController().signal,
      onPage: () => undefined,
    });
    await part.close();
    expect(readFileSync(partPath(RUN, 0), "utf8")).toBe("e1\ne2\ne3\ne4\ne5\n");
    expect(slice).toMatchObject({ rows: 5, done: true, first: 19_999, last: 10_000, edge: ["e5"], cursor: null });
    expect(slice.bytes).toBe(15);
  });

  it("continues after a resume exactly where its checkpoint left the part file", async () => {
    const file = partPath(RUN, 1);
    // A previous attempt wrote two pages but saved its checkpoint after the first only.
    writeFileSync(file, "a1\na2\nb1\nb2\n");
    const saved: SliceState = {
      ...freshSlice(0, 100_000, 4),
      cursor: "a2",
      rows: 2,
      bytes: 6,
      first: 90_000,
      last: 80_000,
      edge: ["a2"],
    };
    const part = (await PartFile.open(file, saved.bytes)) as PartFile;
    await fetchSlice(saved, part, {
      page: async (_s, cursor) =>
        cursor === "a2" ? page([event("a2", 80_000), event("b1", 70_000), event("b2", 60_000)], "b2") : page([], null),
      formatter: ids,
      signal: new AbortController().signal,
      onPage: () => undefined,
    });
    await part.close();
    // The unsaved page was cut off and fetched again; the row at the cursor is not written twice.
    expect(readFileSync(file, "utf8")).toBe("a1\na2\nb1\nb2\n");
    expect(saved).toMatchObject({ rows: 4, bytes: 12, done: true });
  });

  it("cannot continue a part file that is shorter than its checkpoint", async () => {
    const file = partPath(RUN, 2);
    writeFileSync(file, "abc");
    expect(await PartFile.open(file, 10)).toBeNull();
  });
});

describe("all slices", () => {
  const deps = (overrides: Partial<FetchAllDeps>): FetchAllDeps => ({
    runId: RUN,
    signal: new AbortController().signal,
    parallel: 2,
    formatter: ids,
    page: async () => page([], null),
    fallbackPageSize: () => undefined,
    progress: () => undefined,
    saveCheckpoint: async () => undefined,
    checkpointEveryMs: 0,
    ...overrides,
  });
  const state = (slices: SliceState[]): FetchingCheckpoint => ({
    phase: "fetching",
    pageSize: 1000,
    parallel: 2,
    total: null,
    slices,
  });

  it("asks again with the smaller page when the upstream refuses the page size", async () => {
    const limits: number[] = [];
    const checkpoint = state([freshSlice(0, 1000, 1)]);
    await fetchAllSlices(
      checkpoint,
      deps({
        page: async (_s, _c, limit) => {
          limits.push(limit);
          if (limit > 100) throw errorFromResponse(400, { error: "limit: expected at most 100" }, { service: "admin" });
          return page([event("x", 500)], null);
        },
        fallbackPageSize: () => 100,
      }),
    );
    expect(limits).toEqual([1000, 100]);
    expect(checkpoint.pageSize).toBe(100);
    expect(checkpoint.slices[0]).toMatchObject({ rows: 1, done: true });
  });

  it("stops every fetcher at the first error, saves what they did, and throws it", async () => {
    const saved: FetchingCheckpoint[] = [];
    const checkpoint = state([freshSlice(2000, 3000, 9), freshSlice(1000, 2000, 5), freshSlice(0, 1000, 1)]);
    const boom = errorFromResponse(503, { error: "down" }, { service: "admin" });
    let pagesOfBigSlice = 0;
    const error = await fetchAllSlices(
      checkpoint,
      deps({
        page: async (slice) => {
          // The big slice would go on for a long time; the other fetcher fails on its second page.
          if (slice.lo === 2000) {
            pagesOfBigSlice++;
            await new Promise((resolve) => setTimeout(resolve, 5));
            return page([event(`big${pagesOfBigSlice}`, 2999 - pagesOfBigSlice)], `c${pagesOfBigSlice}`);
          }
          if (slice.cursor === null) return page([event("mid", 1500)], "mid");
          throw boom;
        },
        saveCheckpoint: async (snapshot) => void saved.push(snapshot),
      }),
    ).catch((e: unknown) => e);
    expect(error).toBe(boom);
    expect(pagesOfBigSlice).toBeLessThan(10);
    // The rows written before the failure are in the last checkpoint, for the retry; the third slice never started.
    const last = saved.at(-1) as FetchingCheckpoint;
    expect(last.slices[0]).toMatchObject({ rows: pagesOfBigSlice, done: false, cursor: `c${pagesOfBigSlice}` });
    expect(last.slices[1]).toMatchObject({ rows: 1, cursor: "mid", done: false });
    expect(last.slices[2]).toMatchObject({ rows: 0, cursor: null, done: false });
  });
});
