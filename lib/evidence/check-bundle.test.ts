import { describe, expect, it } from "vitest";
import { bundleChecks } from "./check-bundle";

const noKeys = { by: "reviewer" as const, keys: { publicKeys: [], keyIds: [] } };
const record = (seq: number, hash: string, prevHash: string, caseRef = "ABC-1") => ({
  seq,
  hash,
  prevHash,
  input: { case: caseRef },
});
const bundle = (records: ReturnType<typeof record>[], extra: Record<string, unknown> = {}) => ({
  kind: "case.bundle",
  case: "ABC-1",
  recordCount: records.length,
  records,
  chain: { headSeq: 20 },
  exports: [],
  ...extra,
});
const failed = (doc: Record<string, unknown>) =>
  bundleChecks(doc, noKeys)
    .filter((c) => !c.ok)
    .map((c) => c.label);

describe("the verify page's checks of a case bundle", () => {
  it("passes a bundle whose records are its case's, in order, neighbours linked", () => {
    expect(failed(bundle([record(3, "a", "z"), record(4, "b", "a"), record(9, "c", "y")]))).toEqual([]);
  });

  it("names each thing that does not hold", () => {
    expect(failed(bundle([record(3, "a", "z"), record(4, "b", "x")]))).toEqual(["Chain order"]);
    expect(failed(bundle([record(4, "a", "z"), record(3, "b", "a")]))).toEqual(["Chain order"]);
    expect(failed(bundle([record(3, "a", "z", "OTHER-2")]))).toEqual(["Case"]);
    expect(failed(bundle([record(3, "a", "z")], { recordCount: 2 }))).toEqual(["Records"]);
    expect(failed(bundle([record(30, "a", "z")]))).toEqual(["Head"]);
    expect(failed(bundle([record(3, "a", "z")], { exports: [{ kind: "audit.export" }] }))).toEqual(["Export 1 of 1"]);
  });
});
