import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { z } from "zod";
import type { DbHandle } from "@/server/db/client";
import { logger as consoleLogger } from "@/server/log";
import { bossDb, bossSchemaFor, type BossDb } from "./boss-db";
import { driveRun, type DriverDeps } from "./driver";
import { claimRun, selectWaitingRuns, sweepLapsedLeases } from "./lease-store";
import { cancelRun, createRun, type StartOptions } from "./operations";
import { getJobDefinition, jobDefinitions } from "./registry";
import type { RunLease } from "./run-lease";
import { resolveTiming, type JobTiming } from "./timing";
import type { JobActor, JobDefinition, JobRun } from "./types";

export interface JobRuntimeOptions {
  handle: Pick<DbHandle, "db" | "raw">;
  timing?: Partial<JobTiming>;
  /** Names this instance in `owner_instance`; unique per process by default. */
  instanceId?: string;
  logger?: Logger;
  /** pg-boss's schema; by default `pgboss`, or `<test schema>_pgboss` beside a test schema. */
  bossSchema?: string;
  /** Work only these kinds (default: every defined kind, including ones defined later). */
  kinds?: string[];
}

const dispatchSchema = z.object({ runId: z.uuid() });
// pg-boss fails an active job (and frees its worker) when it outlives expireIn, which may not
// exceed 24 h; a run's own lease, not pg-boss's expiry, decides when a run is taken over.
const DISPATCH_EXPIRE_SECONDS = 23 * 60 * 60;

export const queueName = (kind: string) => `console-jobs.${kind}`;

/** A delayed message's workers are woken this long after it falls due, so the fetch finds it due. */
const WAKE_MARGIN_MS = 100;

/**
 * One console instance's job machinery: pg-boss workers that receive "drive run X" messages, the
 * drivers of the runs this instance holds, and the sweep that hands on runs whose owner died.
 */
export class JobRuntime {
  readonly instanceId: string;
  readonly timing: JobTiming;
  readonly bossSchema: string;
  private readonly log: Logger;
  private boss: PgBoss;
  /** The queue's connection: statements still in flight are waited for on stop. */
  private queueDb!: BossDb;
  private readonly workers = new Map<string, Promise<string[]>>();
  private readonly queues = new Set<string>();
  private readonly drivers = new Map<string, { lease?: RunLease; done: Promise<void> }>();
  /** Message handlers pg-boss is awaiting: it completes each message right after its handler ends. */
  private readonly handling = new Set<Promise<void>>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();
  private state: "idle" | "starting" | "running" | "stopping" | "stopped" = "idle";

  constructor(private readonly options: JobRuntimeOptions) {
    this.instanceId = options.instanceId ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
    this.timing = resolveTiming(options.timing);
    this.bossSchema = options.bossSchema ?? bossSchemaFor(options.handle.raw);
    this.log = (options.logger ?? consoleLogger).child({ module: "jobs", instance: this.instanceId });
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    this.queueDb = bossDb(this.options.handle.raw);
    const boss = new PgBoss({
      db: this.queueDb,
      schema: this.bossSchema,
      // No cron schedules: without this pg-boss would poll an internal queue every few seconds.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.timing.maintenanceIntervalSeconds,
    });
    boss.on("error", (error: unknown) => this.log.warn({ err: error }, "pg-boss reported an error"));
    return boss;
  }

  /**
   * Two instances installing pg-boss's schema at the same moment can make one fail with a
   * duplicate key (pg-boss 10.4 only tolerates "already exists"). By then the other has installed
   * it, and a pg-boss that failed to start cannot be started again, so start a fresh one.
   */
  private async startBoss(): Promise<void> {
    try {
      await this.boss.start();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== "23505" && code !== "42P07" && code !== "42710") throw error;
      this.log.info("pg-boss was being installed by another instance; starting again");
      this.boss = this.createBoss();
      await this.boss.start();
    }
  }

  get running(): boolean {
    return this.state === "running";
  }

  async start(): Promise<void> {
    if (this.state !== "idle") throw new Error(`the job runtime cannot start when ${this.state}`);
    this.state = "starting";
    await this.startBoss();
    this.state = "running";
    try {
      for (const definition of jobDefinitions()) if (this.works(definition.kind)) await this.ensureWorkers(definition);
      if (this.options.handle.raw.kind === "pglite") {
        // One process at a time can open a PGlite database, so a run still marked running at start
        // belongs to a process that is gone: resume it now rather than after its lease lapses.
        const orphans = await sweepLapsedLeases(this.db, {
          maxStarts: this.timing.maxStarts,
          allOrphansOf: this.instanceId,
        });
        await this.dispatchSwept(orphans);
      }
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.sweeping = this.sweep();
    await this.sweeping;
    this.log.info({ bossSchema: this.bossSchema }, "job workers started");
  }

  /**
   * Interrupts this instance's runs (their signals abort; each is handed back to the queue from its
   * last checkpoint, so another instance continues at once), then stops pg-boss.
   */
  async stop(): Promise<void> {
    if (this.state !== "running") return;
    this.state = "stopping";
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await this.sweeping;
    // No new messages while the current runs wind down.
    for (const kind of this.workers.keys()) await this.boss.offWork(queueName(kind));
    for (const driver of this.drivers.values()) driver.lease?.interrupt("shutdown");
    // A claim that was in flight adds a driver (already interrupted) while we wait: wait for it too.
    const deadline = Date.now() + this.timing.shutdownGraceMs;
    while (this.drivers.size > 0 && Date.now() < deadline) {
      const current = Promise.allSettled([...this.drivers.values()].map((d) => d.done));
      await Promise.race([current, delay(Math.min(100, deadline - Date.now()))]);
    }
    // A job that ignores its signal keeps running, but no longer as the run's owner.
    for (const driver of this.drivers.values()) driver.lease?.abandon();
    await this.boss.stop({ graceful: true, timeout: 1000, close: false });
    await this.quiesce(Math.max(deadline, Date.now() + 5_000));
    this.state = "stopped";
    this.log.info("job workers stopped");
  }

  /**
   * Waits until pg-boss has nothing left to send: a fetch still in flight when it stopped may yet
   * hand a message to a handler, and a handler's end is followed by a completion pg-boss does not
   * await. Each round lets those continuations run (a macrotask turn) before looking again. Then the
   * queue's connection closes, so whatever pg-boss might still send never reaches the database.
   */
  private async quiesce(until: number): Promise<void> {
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      // Bounded: a statement stuck on a cut connection must not hold the shutdown past its grace.
      const quiet = Promise.all([this.queueDb.settled(), Promise.allSettled([...this.handling])]);
      await Promise.race([quiet, delay(Math.max(0, until - Date.now()))]);
      await turn();
      if ((this.handling.size === 0 && this.queueDb.idle()) || Date.now() >= until) break;
    }
    this.queueDb.close();
  }

  async startJob(
    job: JobDefinition | string,
    params: unknown,
    options: StartOptions,
  ): Promise<{ run: JobRun; created: boolean }> {
    const started = await createRun(this.db, job, params, options);
    if (started.created) await this.dispatch(started.run.id, started.run.kind, 0);
    return started;
  }

  async cancelJob(runId: string, by: JobActor): Promise<JobRun> {
    const run = await cancelRun(this.db, runId, by);
    // Our own driver need not wait for its next heartbeat.
    if (run.status === "running") this.drivers.get(run.id)?.lease?.interrupt("cancelled");
    return run;
  }

  /** Queues a "drive this run" message; at most one waits per run (the queue's `short` policy). */
  async dispatch(runId: string, kind: string, delaySeconds: number): Promise<void> {
    if (this.state !== "running" && this.state !== "stopping") return;
    const definition = getJobDefinition(kind);
    if (definition && this.works(kind) && this.state === "running") await this.ensureWorkers(definition);
    else await this.ensureQueue(queueName(kind));
    await this.boss.send(
      queueName(kind),
      { runId },
      {
        singletonKey: runId,
        expireInSeconds: DISPATCH_EXPIRE_SECONDS,
        // A lost or failed message is re-sent by the sweep; pg-boss retries would only duplicate it.
        retryLimit: 0,
        ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      },
    );
    if (this.state !== "running") return;
    // This instance's workers are woken for what it sends (now, or when a delayed message falls
    // due), so polling only has to find what other instances send.
    if (delaySeconds === 0) await this.wakeWorkers(kind);
    else setTimeout(() => void this.wakeWorkers(kind), delaySeconds * 1000 + WAKE_MARGIN_MS).unref();
  }

  private async wakeWorkers(kind: string): Promise<void> {
    if (this.state !== "running") return;
    for (const id of (await this.workers.get(kind)) ?? []) this.boss.notifyWorker(id);
  }

  private get db() {
    return this.options.handle.db;
  }

  private works(kind: string): boolean {
    return !this.options.kinds || this.options.kinds.includes(kind);
  }

  private ensureWorkers(definition: JobDefinition): Promise<string[]> {
    let ids = this.workers.get(definition.kind);
    if (!ids) {
      ids = this.registerWorkers(definition);
      this.workers.set(definition.kind, ids);
      ids.catch(() => this.workers.delete(definition.kind));
    }
    return ids;
  }

  private async registerWorkers(definition: JobDefinition): Promise<string[]> {
    const name = queueName(definition.kind);
    await this.ensureQueue(name);
    const ids: string[] = [];
    // pg-boss 10 has no team size: each work() is one worker handling one message at a time.
    for (let i = 0; i < definition.concurrency; i++)
      ids.push(
        await this.boss.work<{ runId: string }>(
          name,
          { pollingIntervalSeconds: this.timing.pollingIntervalSeconds, batchSize: 1 },
          (jobs) => this.track(this.onMessages(definition.kind, jobs)),
        ),
      );
    return ids;
  }

  /**
   * pg-boss 10.4 creates a queue by attaching a partition to its job table; two instances doing so
   * at once can deadlock, and PostgreSQL then aborts one of them. So: create only a missing queue,
   * and try again after a deadlock.
   */
  private async ensureQueue(name: string): Promise<void> {
    for (let attempt = 1; !this.queues.has(name); attempt++) {
      if (await this.boss.getQueue(name)) break;
      try {
        await this.boss.createQueue(name, { name, policy: "short" });
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== "40P01" || attempt >= 5) throw error;
        await delay(25 * attempt + Math.random() * 100);
      }
    }
    this.queues.add(name);
  }

  private track(handler: Promise<void>): Promise<void> {
    this.handling.add(handler);
    const forget = () => void this.handling.delete(handler);
    handler.then(forget, forget);
    return handler;
  }

  /** Never throws: pg-boss would store the error's text, and the sweep recovers whatever fails here. */
  private async onMessages(kind: string, jobs: PgBoss.Job<{ runId: string }>[]): Promise<void> {
    for (const job of jobs) {
      try {
        await this.drive(kind, job.data);
      } catch (error) {
        this.log.error({ err: error, kind }, "job dispatch failed");
      }
    }
  }

  private async drive(kind: string, data: unknown): Promise<void> {
    const message = dispatchSchema.safeParse(data);
    if (!message.success) return void this.log.warn({ kind }, "ignored a malformed job dispatch");
    const { runId } = message.data;
    if (this.state !== "running") return this.dispatch(runId, kind, 0);
    const definition = getJobDefinition(kind);
    if (!definition) return void this.log.warn({ kind }, "no definition for this job kind here");
    const claimSentAt = performance.now();
    const claimed = await claimRun(this.db, runId, this.instanceId, this.timing.leaseMs, this.timing.maxStarts);
    // Ended, cancelled, or driven by a live owner: this message was a duplicate.
    if (!claimed) return;
    const entry: { lease?: RunLease; done: Promise<void> } = { done: Promise.resolve() };
    this.drivers.set(runId, entry);
    entry.done = driveRun(this.driverDeps(), definition, claimed, claimSentAt, (lease) => {
      entry.lease = lease;
      if (this.state === "stopping") lease.interrupt("shutdown");
    });
    try {
      await entry.done;
    } finally {
      // This instance may have claimed the run again after losing it: keep the newer driver.
      if (this.drivers.get(runId) === entry) this.drivers.delete(runId);
    }
  }

  private driverDeps(): DriverDeps {
    return {
      db: this.db,
      timing: this.timing,
      instanceId: this.instanceId,
      log: this.log,
      redispatch: (runId, kind, delaySeconds) => this.dispatch(runId, kind, delaySeconds),
    };
  }

  /**
   * Every instance runs this: runs whose lease lapsed go back to the queue (or end, if cancelled or
   * started too often), and queued runs whose message went missing are sent again.
   */
  private async sweep(): Promise<void> {
    try {
      const lapsed = await sweepLapsedLeases(this.db, { maxStarts: this.timing.maxStarts });
      for (const run of lapsed)
        this.log.warn({ runId: run.id, kind: run.kind, status: run.status }, "job lease lapsed");
      await this.dispatchSwept(lapsed);
      const kinds = jobDefinitions()
        .map((d) => d.kind)
        .filter((k) => this.works(k));
      const waiting = await selectWaitingRuns(this.db, kinds, Math.max(2 * this.timing.sweepMs, 5_000));
      for (const run of waiting) await this.dispatch(run.id, run.kind, 0);
    } catch (error) {
      this.log.error({ err: error }, "job sweep failed");
    } finally {
      if (this.state === "running") {
        this.sweepTimer = setTimeout(() => {
          this.sweeping = this.sweep();
        }, this.timing.sweepMs);
        this.sweepTimer.unref();
      }
    }
  }

  private async dispatchSwept(runs: { id: string; kind: string; status: JobRun["status"] }[]) {
    for (const run of runs) if (run.status === "queued") await this.dispatch(run.id, run.kind, 0);
  }
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
