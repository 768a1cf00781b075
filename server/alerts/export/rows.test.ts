import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { EXPORT_CSV_COLUMNS } from "@/lib/alerts/export";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { formatChunks, rowFormatter } from "./rows";

const HASH_A = `0x${"a1".repeat(32)}`;
const HASH_B = `0x${"b2".repeat(32)}`;

/** Records as the upstream sends them: one with an unknown field, text that needs quoting or escaping. */
const EVENTS: AlertEvent[] = [
  {
    id: "evt-1",
    type: "EIP_155_TX_V1",
    chainId: "eip155:1",
    blockNumber: 19_000_001,
    transactionHashes: [HASH_A, HASH_B],
    deliveryStatus: "failed",
    retries: 3,
    errorMessage: 'receiver said "no", then hung up\nat 10:00',
    confirmed: null,
    // Just before Berlin springs forward (01:00 UTC), and just after.
    createdAt: "2026-03-29T00:59:59.999Z",
    updatedAt: "2026-03-29T01:00:00.000Z",
  },
  {
    id: "evt-2",
    type: "EIP_155_TX_V1",
    chainId: "eip155:11155111",
    blockNumber: 7,
    transactionHashes: [HASH_A],
    deliveryStatus: "success",
    retries: 0,
    errorMessage: null,
    confirmed: 1,
    createdAt: "2026-07-01T12:00:00.000Z",
    updatedAt: "2026-07-01T12:00:05.250Z",
    // A field the spec does not name: NDJSON keeps it, CSV has no column for it.
    riskScore: { level: "low", value: 0.25 },
  } as AlertEvent,
  {
    id: "evt-3",
    type: "EIP_155_TX_V1",
    chainId: "eip155:10",
    blockNumber: 123,
    transactionHashes: [],
    deliveryStatus: "pending",
    retries: 1,
    errorMessage: '=HYPERLINK("http://evil.example","x")',
    confirmed: null,
    createdAt: "2026-12-31T23:30:00.000Z",
    updatedAt: "2026-12-31T23:30:00.000Z",
  },
];

/** Each event's times, written by hand for each zone: ISO 8601 with the zone's offset (Z for UTC). */
const TIMES: Record<string, [createdAt: string, updatedAt: string][]> = {
  UTC: [
    ["2026-03-29T00:59:59.999Z", "2026-03-29T01:00:00.000Z"],
    ["2026-07-01T12:00:00.000Z", "2026-07-01T12:00:05.250Z"],
    ["2026-12-31T23:30:00.000Z", "2026-12-31T23:30:00.000Z"],
  ],
  "Europe/Berlin": [
    ["2026-03-29T01:59:59.999+01:00", "2026-03-29T03:00:00.000+02:00"],
    ["2026-07-01T14:00:00.000+02:00", "2026-07-01T14:00:05.250+02:00"],
    ["2027-01-01T00:30:00.000+01:00", "2027-01-01T00:30:00.000+01:00"],
  ],
  "America/New_York": [
    ["2026-03-28T20:59:59.999-04:00", "2026-03-28T21:00:00.000-04:00"],
    ["2026-07-01T08:00:00.000-04:00", "2026-07-01T08:00:05.250-04:00"],
    ["2026-12-31T18:30:00.000-05:00", "2026-12-31T18:30:00.000-05:00"],
  ],
  "Asia/Kathmandu": [
    ["2026-03-29T06:44:59.999+05:45", "2026-03-29T06:45:00.000+05:45"],
    ["2026-07-01T17:45:00.000+05:45", "2026-07-01T17:45:05.250+05:45"],
    ["2027-01-01T05:15:00.000+05:45", "2027-01-01T05:15:00.000+05:45"],
  ],
};

/** The CSV record each event should read back as, built from the event's own values. */
function expectedCsvRecord(event: AlertEvent, [createdAt, updatedAt]: [string, string]): Record<string, string> {
  const error = event.errorMessage ?? "";
  return {
    id: event.id,
    createdAt,
    updatedAt,
    type: event.type,
    chainId: event.chainId,
    blockNumber: String(event.blockNumber),
    transactionHashes: event.transactionHashes.join(" "),
    deliveryStatus: event.deliveryStatus,
    retries: String(event.retries),
    // Text a spreadsheet would run keeps a leading quote (server/exports/csv.ts).
    errorMessage: /^[=+\-@\t\r]/.test(error) ? `'${error}` : error,
    confirmed: event.confirmed === null ? "" : String(event.confirmed),
  };
}

const readCsv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe("CSV rows of an alerts export", () => {
  it("has the export's columns as its header, and no rows for no events", () => {
    const csv = rowFormatter("csv", "UTC");
    expect(csv.header).toBe(`${EXPORT_CSV_COLUMNS.join(",")}\n`);
    expect(csv.format([])).toBe("");
  });

  for (const zone of Object.keys(TIMES)) {
    it(`reads back, under its header, as the events' own values with times in ${zone}`, () => {
      const csv = rowFormatter("csv", zone);
      const records = readCsv(csv.header + csv.format(EVENTS));
      expect(records).toEqual(EVENTS.map((event, i) => expectedCsvRecord(event, TIMES[zone]![i]!)));
      for (const record of records) {
        expect(record.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/);
        expect(record.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/);
      }
    });
  }

  it("writes pages that concatenate under one header (each ends its last line)", () => {
    const csv = rowFormatter("csv", "UTC");
    const pages = [csv.format(EVENTS.slice(0, 1)), csv.format(EVENTS.slice(1))];
    for (const page of pages) expect(page.endsWith("\n")).toBe(true);
    const records = readCsv(csv.header + pages.join(""));
    expect(records.map((r) => r.id)).toEqual(EVENTS.map((e) => e.id));
  });

  it("splits a large page into several buffers whose concatenation is every row, in order", () => {
    const many: AlertEvent[] = Array.from({ length: 450 }, (_, i) => ({
      ...EVENTS[0]!,
      id: `evt-many-${i}`,
      blockNumber: 1000 + i,
    }));
    const csv = rowFormatter("csv", "UTC");
    const chunks = formatChunks(csv, many);
    expect(chunks.length).toBeGreaterThan(1);
    const records = readCsv(csv.header + Buffer.concat(chunks).toString("utf8"));
    expect(records.map((r) => [r.id, r.blockNumber])).toEqual(many.map((e) => [e.id, String(e.blockNumber)]));
  });
});

describe("NDJSON rows of an alerts export", () => {
  it("has no header, and one line per event that parses back to the upstream record, unknown fields included", () => {
    const ndjson = rowFormatter("ndjson", "Europe/Berlin");
    expect(ndjson.header).toBe("");
    const text = ndjson.format(EVENTS);
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.slice(0, -1).split("\n");
    expect(lines).toHaveLength(EVENTS.length);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual(EVENTS);
    expect(parsed[1]).toMatchObject({ riskScore: { level: "low", value: 0.25 } });
    // The upstream's own times, which carry their offset.
    for (const record of parsed) {
      expect(record.createdAt).toMatch(/(Z|[+-]\d\d:\d\d)$/);
      expect(record.updatedAt).toMatch(/(Z|[+-]\d\d:\d\d)$/);
    }
  });

  it("keeps a line break inside a value inside its line (JSON escapes it)", () => {
    const text = rowFormatter("ndjson", "UTC").format(EVENTS.slice(0, 1));
    expect(text.split("\n")).toEqual([expect.any(String), ""]);
    expect((JSON.parse(text) as AlertEvent).errorMessage).toBe(EVENTS[0]!.errorMessage);
  });
});
