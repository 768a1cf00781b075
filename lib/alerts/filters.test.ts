import { describe, expect, it } from "vitest";
import { expandBlockRanges, MAX_BLOCKS } from "./blocks";
import {
  describeFilters,
  filtersRecord,
  selectionQuery,
  upstreamEventQuery,
  validateEventFilters,
  type EventFilterState,
} from "./filters";
import { filtersRecordSchema } from "./filters-record";
import { loadEventFilters } from "./search-params";

const state = (query: string) => loadEventFilters(new URLSearchParams(query)) as EventFilterState;

describe("block numbers", () => {
  it("expands ranges and lists, sorted and without repeats", () => {
    expect(expandBlockRanges("100-103, 150,101")).toEqual({ ok: true, blocks: [100, 101, 102, 103, 150] });
    expect(expandBlockRanges(" 7 ")).toEqual({ ok: true, blocks: [7] });
  });

  it("explains what it cannot take", () => {
    expect(expandBlockRanges("120-100")).toMatchObject({ ok: false, message: expect.stringContaining("backwards") });
    expect(expandBlockRanges("abc")).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a block number"),
    });
    expect(expandBlockRanges("1-99999999")).toMatchObject({
      ok: false,
      message: `At most ${MAX_BLOCKS} blocks at once; narrow the ranges`,
    });
    expect(expandBlockRanges(`0-${MAX_BLOCKS - 1}`)).toMatchObject({ ok: true });
    expect(expandBlockRanges(`0-${MAX_BLOCKS - 1}, ${MAX_BLOCKS + 5}`)).toMatchObject({ ok: false });
    expect(expandBlockRanges(" , ")).toMatchObject({ ok: false });
  });
});

describe("the events filter in the URL", () => {
  it("falls back on hand-edited values instead of crashing, and says what is wrong", () => {
    const { filters, errors } = validateEventFilters(
      state("status=failed,bogus&tz=Mars/Base&hash=0x12&blocks=9-1&chains=eip155:1,nope&limit=7&from=yesterday"),
    );
    expect(filters).toBeUndefined();
    expect(errors).toMatchObject({
      tz: expect.stringContaining("not a time zone"),
      hash: expect.stringContaining("64 hex digits"),
      blocks: expect.stringContaining("backwards"),
      chains: expect.stringContaining("nope"),
      limit: expect.stringContaining("Page size"),
      from: "Not a date and time",
    });
    // An unknown status is dropped by the parser; the known ones stay.
    expect(state("status=failed,bogus").status).toEqual(["failed"]);
  });

  it("turns a valid set into the upstream's query: Unix seconds, the end inclusive to the minute", () => {
    const { filters, errors } = validateEventFilters(
      state(
        "status=failed,pending&from=2026-11-21T09:30:00.000Z&to=2026-11-21T10:00:00.000Z&tz=Europe/Berlin&hash=0x" +
          "AB".repeat(32) +
          "&blocks=100-102&chains=eip155:11155111,eip155:84532&limit=500",
      ),
    );
    expect(errors).toEqual({});
    expect(upstreamEventQuery(filters!)).toEqual({
      eventTypes: "EIP_155_TX_V1",
      deliveryStatuses: "failed,pending",
      since: String(Date.UTC(2026, 10, 21, 9, 30) / 1000),
      until: String(Date.UTC(2026, 10, 21, 10, 1) / 1000),
      transactionHash: `0x${"ab".repeat(32)}`,
      blockNumbers: "100,101,102",
      chainIds: "eip155:11155111,eip155:84532",
      limit: "500",
    });
  });

  it("defaults to the only event type, every status, UTC and 100 a page", () => {
    const { filters } = validateEventFilters(state(""));
    expect(upstreamEventQuery(filters!)).toEqual({ eventTypes: "EIP_155_TX_V1", limit: "100" });
    expect(filters!.tz).toBe("UTC");
  });
});

describe("the filters kept by a job", () => {
  it("select on the upstream what the page selected: the same query once the bounds and page size are set apart", () => {
    const { filters } = validateEventFilters(
      state(
        `status=failed&from=2026-11-21T09:30:00.000Z&hash=0x${"cd".repeat(32)}&blocks=7,9&chains=eip155:84532&test=only`,
      ),
    );
    // The record is what a job reads back from its JSON parameters.
    const record = filtersRecordSchema.parse(JSON.parse(JSON.stringify(filtersRecord(filters!))));
    const { since, until, limit, ...pageSelection } = upstreamEventQuery(filters!);
    expect(selectionQuery(record)).toEqual(pageSelection);
    expect([since, until, limit]).toEqual([String(Date.UTC(2026, 10, 21, 9, 30) / 1000), undefined, "100"]);
    expect(record).toMatchObject({ from: "2026-11-21T09:30:00.000Z", test: "only" });
  });
});

describe("filters in words", () => {
  it("names the statuses, chains, range in its zone, hash and blocks", () => {
    expect(describeFilters({ type: "EIP_155_TX_V1", statuses: [], tz: "UTC", chains: [] })).toBe("every status");
    expect(
      describeFilters({
        type: "EIP_155_TX_V1",
        statuses: ["failed", "pending"],
        from: "2026-11-01T08:30:00.000Z",
        tz: "Europe/Berlin",
        chains: ["eip155:1", "eip155:10"],
        hash: `0x${"ab".repeat(32)}`,
        blocks: [5],
      }),
    ).toBe("status failed or pending · 2 chains · from 2026-11-01 09:30 · Europe/Berlin · hash 0xabababab… · 1 block");
  });
});
