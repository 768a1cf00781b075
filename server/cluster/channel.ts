import "server-only";
import cluster from "node:cluster";

/**
 * The console's processes share one upstream budget: with CONSOLE_WORKERS above 1, one worker, the
 * keeper, holds the custodian's rate limit and the shared-read cache for all of them, and the others
 * ask it through the cluster primary (scripts/keeper-relay.mjs). Without it each process had half
 * the limit and a cache of its own, so two processes read the same lists twice as often from a
 * budget half as large, and people were refused under a load one process could carry.
 *
 * This is the asking side: who keeps, and a call to the keeper that is answered or fails over when
 * the keeper changes (the caller then falls back on its own share of the limit: ./fallback).
 */
export type KeeperBody = { id: number } & Record<string, unknown>;
export type KeeperReply = { id: number; error?: string } & Record<string, unknown>;

/** The process's link to the others: the IPC channel to the primary, or a test's stand-in. */
export interface ClusterLink {
  /** This worker's id in the cluster. */
  readonly workerId: number;
  /** How many console processes share the budget (CONSOLE_WORKER_COUNT, set by the primary). */
  readonly workers: number;
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

export class KeeperUnavailableError extends Error {
  override name = "KeeperUnavailableError";
}

interface Pending {
  resolve: (reply: KeeperReply) => void;
  reject: (error: unknown) => void;
}

export class KeeperChannel {
  readonly #link: ClusterLink;
  /** undefined until the primary has said; null when no worker keeps. */
  #keeper: number | null | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #requestHandlers: ((from: number, body: KeeperBody) => void)[] = [];

  constructor(link: ClusterLink) {
    this.#link = link;
    link.onMessage((message) => this.#receive(message));
    link.send({ type: "console:who-keeps" });
  }

  get workers() {
    return this.#link.workers;
  }

  /** True in the keeper itself: it holds the budget and answers the others. */
  get keeps(): boolean {
    return this.#keeper === this.#link.workerId;
  }

  /** True when another worker keeps, so this one asks it. */
  get asks(): boolean {
    return typeof this.#keeper === "number" && this.#keeper !== this.#link.workerId;
  }

  /**
   * Sends `body` (with a fresh id) to the keeper and resolves with its answer; rejects with
   * KeeperUnavailableError when no worker keeps or the keeper ends before it answers.
   */
  ask(body: Record<string, unknown>): { id: number; reply: Promise<KeeperReply> } {
    const id = this.#nextId++;
    const reply = new Promise<KeeperReply>((resolve, reject) => {
      if (!this.asks) return reject(new KeeperUnavailableError("no other console process keeps the budget"));
      this.#pending.set(id, { resolve, reject });
      this.#link.send({ type: "console:to-keeper", body: { ...body, id } });
    });
    return { id, reply };
  }

  /** Sends `body` to the keeper with no answer expected (a pause, an invalidation); false if none keeps. */
  tell(body: Record<string, unknown>): boolean {
    if (!this.asks) return false;
    this.#link.send({ type: "console:to-keeper", body: { ...body, id: 0 } });
    return true;
  }

  /** In the keeper: answers `to`'s request. */
  answer(to: number, reply: KeeperReply) {
    this.#link.send({ type: "console:to-worker", to, body: reply });
  }

  /** In the keeper: called with every other worker's request. */
  onRequest(handler: (from: number, body: KeeperBody) => void) {
    this.#requestHandlers.push(handler);
  }

  #receive(message: unknown) {
    if (typeof message !== "object" || message === null) return;
    const m = message as { type?: unknown; id?: unknown; from?: unknown; body?: unknown };
    if (m.type === "console:keeper") {
      const keeper = typeof m.id === "number" ? m.id : null;
      if (keeper === this.#keeper) return;
      this.#keeper = keeper;
      // Whatever the old keeper held for us is gone with it: the callers fall back.
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const p of pending) p.reject(new KeeperUnavailableError("the process that kept the budget has ended"));
    } else if (m.type === "console:from-keeper") {
      const body = m.body as KeeperReply | undefined;
      if (!body || typeof body.id !== "number") return;
      const pending = this.#pending.get(body.id);
      if (!pending) return;
      this.#pending.delete(body.id);
      if (body.error === "no-keeper") pending.reject(new KeeperUnavailableError("no console process keeps the budget"));
      else pending.resolve(body);
    } else if (m.type === "console:from-worker" && typeof m.from === "number" && this.keeps) {
      const body = m.body as KeeperBody | undefined;
      if (body && typeof body.id === "number") for (const handler of this.#requestHandlers) handler(m.from, body);
    }
  }
}

// On globalThis: Next bundles server code per layer, and every layer must use the one channel.
const store = globalThis as { consoleKeeperChannel?: KeeperChannel | null };

/** The process's channel, or null when it is the only console process (no cluster, or one worker). */
export function keeperChannel(): KeeperChannel | null {
  if (store.consoleKeeperChannel !== undefined) return store.consoleKeeperChannel;
  const workers = Number(process.env.CONSOLE_WORKER_COUNT || 1);
  const worker = cluster.isWorker ? cluster.worker : undefined;
  store.consoleKeeperChannel =
    worker && workers > 1 && process.send
      ? new KeeperChannel({
          workerId: worker.id,
          workers,
          send: (message) => {
            if (process.connected) process.send?.(message, undefined, undefined, (error) => void error);
          },
          onMessage: (listener) => process.on("message", listener),
        })
      : null;
  return store.consoleKeeperChannel;
}

/** For tests: a channel over a stand-in link (or none). */
export function setKeeperChannelForTests(channel: KeeperChannel | null | undefined) {
  store.consoleKeeperChannel = channel;
}
