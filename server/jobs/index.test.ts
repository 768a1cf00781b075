import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import type { TestDbKind } from "@/testing/db";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import {
  cancelJob,
  defineJob,
  getJobRun,
  JobError,
  listJobRuns,
  startJob,
  startJobWorkers,
  stopJobWorkers,
  type JobRun,
} from "./index";

/** The public API as the console uses it: bound to the console's database, one runtime per process. */
const exportJob = defineJob({
  kind: "test.export",
  params: z.object({ rows: z.number().int().positive(), failOn: z.number().int().optional() }),
  checkpoint: z.object({ nextRow: z.number().int() }),
  async run(ctx) {
    let row = ctx.checkpoint?.nextRow ?? 0;
    ctx.progress({ done: row, total: ctx.params.rows, message: "Exporting" });
    while (row < ctx.params.rows) {
      ctx.signal.throwIfAborted();
      if (row === ctx.params.failOn) throw new JobError(`Row ${row} could not be exported.`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      row += 1;
      ctx.progress({ done: row });
      if (row % 10 === 0) await ctx.saveCheckpoint({ nextRow: row });
    }
    return { file: `export-${ctx.runId}.csv`, rows: row };
  },
});

describe.each<TestDbKind>(["pglite", "postgres"])("the jobs API on %s", (dbKind) => {
  let handle: DbHandle;
  const staff = { id: `staff-${dbKind}`, email: "staff@example.com" };
  const finished = (id: string) =>
    waitFor(`run ${id} to end`, async () => {
      const run = await getJobRun(id);
      return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
    });

  beforeAll(async () => {
    handle = await openJobsTestDb(dbKind);
    setDbForTests(handle);
    await startJobWorkers({ timing: FAST_TIMING });
  });
  afterAll(async () => {
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle?.close();
  });

  it("starts, reads, lists and cancels runs through the module's functions", async () => {
    const { run } = await startJob(exportJob, { rows: 40 }, { startedBy: staff, singletonKey: "nightly" });
    const again = await startJob("test.export", { rows: 40 }, { startedBy: staff, singletonKey: "nightly" });
    expect(again).toMatchObject({ created: false, run: { id: run.id } });
    expect(await finished(run.id)).toMatchObject({ status: "succeeded", result: { rows: 40 }, progressDone: 40 });
    // Listed now, so a list kept between writes must show the runs started and changed after this.
    expect((await listJobRuns({ startedBy: staff.id, limit: 10 })).map((r) => r.id)).toEqual([run.id]);

    const failing = await startJob(exportJob, { rows: 40, failOn: 15 }, { startedBy: staff });
    expect(await finished(failing.run.id)).toMatchObject({ status: "failed", error: "Row 15 could not be exported." });

    const long = await startJob(exportJob, { rows: 100_000 }, { startedBy: staff });
    await waitFor("the long export to run", async () => (await getJobRun(long.run.id))?.status === "running");
    expect((await cancelJob(long.run.id, staff)).cancelRequestedAt).toBeInstanceOf(Date);
    expect(await finished(long.run.id)).toMatchObject({ status: "cancelled" });

    const mine: JobRun[] = await listJobRuns({ startedBy: staff.id, limit: 10 });
    expect(mine.map((r) => [r.id, r.status])).toEqual([
      [long.run.id, "cancelled"],
      [failing.run.id, "failed"],
      [run.id, "succeeded"],
    ]);
    expect(await listJobRuns({ kind: "test.export", status: "failed" })).toHaveLength(1);
    expect(await getJobRun("not-a-uuid")).toBeUndefined();
    await expect(cancelJob("00000000-0000-4000-8000-000000000000", staff)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
