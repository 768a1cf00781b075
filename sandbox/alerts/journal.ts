/**
 * The events that differ from the seed, on disk as JSON lines: live events as they are created and
 * every delivery-state change (seeded or live). Seeded history is never written: it is regenerated.
 * On start the journal is replayed and rewritten compacted (each event's attempt outcomes and its
 * latest state); appends are batched so a burst of deliveries costs one write.
 */
import { existsSync, mkdirSync, readFileSync, appendFileSync } from "node:fs";
import { appendFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DeliveryStatus } from "@/lib/contracts";
import type { AlertKind } from "./event-store";
import type { WebhookPayload } from "./payload";

export interface SeedSignature {
  seed: string;
  count: number;
  anchorMs: number;
}

export interface LiveEventLine {
  k: "live";
  id: string;
  /** Absent in journals written before alerts came in pairs: those were confirmed alerts. */
  kind?: AlertKind;
  webhookId: string;
  chainId: string;
  blockNumber: number;
  transactionHashes: string[];
  createdAt: number;
  payload: WebhookPayload;
}

export interface StateLine {
  k: "state";
  id: string;
  status: DeliveryStatus;
  retries: number;
  errorMessage: string | null;
  updatedAt: number;
}

type Line = { k: "seed"; signature: SeedSignature } | LiveEventLine | StateLine;

export interface JournalContents {
  live: LiveEventLine[];
  /** Latest state per event id. */
  states: Map<string, StateLine>;
  /** Every attempt's outcome per event id (success or failed lines), oldest first. */
  outcomes: Map<string, StateLine[]>;
}

export class EventJournal {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string | undefined) {}

  /**
   * Opens the journal, returns what it holds and compacts it. Seeded-event states are dropped when
   * the seed changed (they would describe different events).
   */
  static async open(
    file: string | undefined,
    signature: SeedSignature,
  ): Promise<{ journal: EventJournal; contents: JournalContents }> {
    const contents: JournalContents = { live: [], states: new Map(), outcomes: new Map() };
    const journal = new EventJournal(file);
    if (!file) return { journal, contents };
    mkdirSync(path.dirname(file), { recursive: true });
    let sameSeed = true;
    if (existsSync(file)) {
      for (const text of readFileSync(file, "utf8").split("\n")) {
        if (!text.trim()) continue;
        let line: Line;
        try {
          line = JSON.parse(text) as Line;
        } catch {
          continue; // a line cut short by a crash
        }
        if (line.k === "seed") sameSeed = JSON.stringify(line.signature) === JSON.stringify(signature);
        else if (line.k === "live") contents.live.push(line);
        else if (line.k === "state") {
          contents.states.set(line.id, line);
          if (line.status !== "pending") {
            const list = contents.outcomes.get(line.id) ?? [];
            list.push(line);
            contents.outcomes.set(line.id, list);
          }
        }
      }
    }
    const liveIds = new Set(contents.live.map((l) => l.id));
    if (!sameSeed)
      for (const id of [...contents.states.keys()])
        if (!liveIds.has(id)) {
          contents.states.delete(id);
          contents.outcomes.delete(id);
        }
    // Each event's outcomes, then its latest state when that is not its last outcome (a pending one).
    const stateLines = [...contents.states.values()].flatMap((latest) => {
      const outcomes = contents.outcomes.get(latest.id) ?? [];
      return outcomes.at(-1) === latest ? outcomes : [...outcomes, latest];
    });
    const compacted = [{ k: "seed", signature }, ...contents.live, ...stateLines]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, `${compacted}\n`);
    await rename(tmp, file);
    return { journal, contents };
  }

  append(line: LiveEventLine | StateLine): void {
    if (!this.file) return;
    this.pending.push(JSON.stringify(line));
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.pending.splice(0).join("\n");
      this.writing = this.writing
        .then(() => appendFile(this.file as string, `${batch}\n`))
        .catch((err: unknown) => console.error(`sandbox: could not append to ${this.file}: ${String(err)}`));
    }, 100);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    if (this.file && this.pending.length) appendFileSync(this.file, `${this.pending.splice(0).join("\n")}\n`);
  }
}
