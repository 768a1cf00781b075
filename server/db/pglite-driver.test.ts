import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteForDrizzle } from "./pglite-driver";

/**
 * drizzle over the wrapped PGlite reads exactly what drizzle over PGlite itself reads, and a query of
 * one's own (pg-boss's) reads exactly what it read before drizzle ever asked for anything: each held
 * against a second database that was never wrapped.
 */

// Every type drizzle keeps as text, alone and in arrays, beside types it does not touch.
const VALUES = sql`select
  '2026-11-30 05:06:07.123'::timestamp as ts,
  '2026-11-30 05:06:07.123+00'::timestamptz as tstz,
  '2026-11-30'::date as d,
  '1 day 02:03:04'::interval as i,
  array['2026-11-30 05:06:07'::timestamp] as ts_list,
  array['2026-11-30 05:06:07+00'::timestamptz] as tstz_list,
  array['2026-11-30'::date] as d_list,
  array['1 hour'::interval] as i_list,
  array[1.5::numeric] as n_list,
  42::int8 as big, '{"a":1}'::jsonb as doc, true as yes`;
const RAW = VALUES.queryChunks.map((c) => (c as { value: string[] }).value.join("")).join("");

let plain: PGlite;
let wrapped: PGlite;
let view: Awaited<ReturnType<typeof pgliteForDrizzle>>;
beforeAll(async () => {
  plain = new PGlite();
  wrapped = new PGlite();
  view = await pgliteForDrizzle(wrapped);
}, 60_000);
afterAll(async () => {
  await plain.close();
  await wrapped.close();
});

describe("PGlite as drizzle's client", () => {
  it("drizzle reads the same rows as over PGlite itself, in and out of a transaction", async () => {
    const expected = (await drizzle({ client: plain }).execute(VALUES)).rows;
    const db = drizzle({ client: view.driver });
    expect((await db.execute(VALUES)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(VALUES)).rows)).toEqual(expected);
    expect(expected[0]).toMatchObject({ ts: "2026-11-30 05:06:07.123", d: "2026-11-30", i: "1 day 02:03:04" });
  });

  it("a query of one's own reads PGlite's own parsers for the types drizzle keeps as text", async () => {
    const expected = (await plain.query(RAW)).rows;
    const own = (await wrapped.query(RAW, [], view.rawOptions())).rows;
    expect(own).toEqual(expected);
    expect((own[0] as { tstz: unknown }).tstz).toBeInstanceOf(Date);
    expect((await wrapped.exec(RAW, view.rawOptions()))[0]!.rows).toEqual(expected);
  });

  it("asks PGlite without a parser table of drizzle's, so PGlite copies none per query", async () => {
    const query = vi.spyOn(wrapped, "query");
    await drizzle({ client: view.driver }).execute(sql`select now() as at`);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]![2]).not.toHaveProperty("parsers");
    query.mockRestore();
  });
});
