/**
 * The sandbox's state on disk: one JSON document of named sections, written atomically (temp file +
 * rename, so a crash never leaves half a file) and debounced (a burst of changes costs one write).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { writeFile, rename } from "node:fs/promises";
import path from "node:path";

export interface PersistedSection {
  /** A JSON-serialisable snapshot of what must survive a restart. */
  dump(): unknown;
  load(data: unknown): void;
}

const FORMAT_VERSION = 1;

export class StateFile {
  private readonly sections = new Map<string, PersistedSection>();
  private readonly loaded: Record<string, unknown>;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** `file` undefined keeps everything in memory (tests). */
  constructor(
    private readonly file: string | undefined,
    private readonly debounceMs = 250,
  ) {
    this.loaded = file ? readDocument(file) : {};
  }

  /** Registers a section and hands it what the previous run saved under that name, if anything. */
  register(name: string, section: PersistedSection): void {
    this.sections.set(name, section);
    if (name in this.loaded) section.load(this.loaded[name]);
  }

  /** A value saved by a previous run (e.g. the seed anchor), or undefined. */
  saved(name: string): unknown {
    return this.loaded[name];
  }

  /** Keeps a plain value in the document (e.g. the seed anchor). */
  keep(name: string, value: unknown): void {
    this.loaded[name] = value;
    this.markDirty();
  }

  markDirty(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing
        .then(() => this.writeAsync())
        .catch((err: unknown) => {
          console.error(`sandbox: could not save state to ${this.file}: ${String(err)}`);
        });
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes pending changes now (shutdown). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.writing = this.writing.then(() => this.writeAsync());
    }
    await this.writing;
  }

  private document(): string {
    const doc: Record<string, unknown> = { ...this.loaded, version: FORMAT_VERSION };
    for (const [name, section] of this.sections) doc[name] = section.dump();
    return JSON.stringify(doc);
  }

  private async writeAsync(): Promise<void> {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, this.document());
    await rename(tmp, this.file);
  }

  /** Synchronous variant for process exit paths where no await is possible. */
  flushSync(): void {
    if (!this.file || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, this.document());
    renameSync(tmp, this.file);
  }
}

function readDocument(file: string): Record<string, unknown> {
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) return {};
  try {
    const doc = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (doc && typeof doc === "object" && (doc as { version?: unknown }).version === FORMAT_VERSION)
      return doc as Record<string, unknown>;
    throw new Error("unknown format version");
  } catch (err) {
    // Keep the unreadable file for inspection and start clean rather than refusing to start.
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    console.error(
      `sandbox: ${file} could not be read (${String(err)}); moved it to ${aside} and started with fresh state`,
    );
    return {};
  }
}
