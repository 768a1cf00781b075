import "server-only";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { runDir } from "@/server/exports/files";

/**
 * The part files of one export run, under <CONSOLE_EXPORT_DIR>/<runId>/parts/<n>.part: rows of slice n
 * (newest slice first) while the run fetches, deleted at the end (see server/exports/files.ts for the
 * file and manifest beside them).
 */
export const partPath = (runId: string, slice: number) => path.join(runDir(runId), "parts", `${slice}.part`);

export async function removeParts(runId: string): Promise<void> {
  await rm(path.join(runDir(runId), "parts"), { recursive: true, force: true });
}

/**
 * One slice's part file, opened where its checkpoint left it: bytes past the checkpointed size were
 * written by an attempt that did not get to save them, and are cut off, so the next page lands
 * exactly after the last saved one. A file shorter than its checkpoint (storage lost a write) cannot
 * be continued: `open` then returns null and the slice starts over.
 */
export class PartFile {
  private constructor(
    private readonly handle: FileHandle,
    private position: number,
  ) {}

  static async open(file: string, checkpointedBytes: number): Promise<PartFile | null> {
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, "a+").then(async (h) => {
      // "a+" creates the file if needed; reopen for positioned writes (append mode ignores positions).
      await h.close();
      return open(file, "r+");
    });
    const { size } = await handle.stat();
    if (size < checkpointedBytes) {
      await handle.close();
      return null;
    }
    await handle.truncate(checkpointedBytes);
    return new PartFile(handle, checkpointedBytes);
  }

  get bytes(): number {
    return this.position;
  }

  async append(chunks: readonly Buffer[]): Promise<void> {
    for (const chunk of chunks) {
      let offset = 0;
      while (offset < chunk.length) {
        const { bytesWritten } = await this.handle.write(chunk, offset, chunk.length - offset, this.position + offset);
        offset += bytesWritten;
      }
      this.position += chunk.length;
    }
  }

  /** Makes what was written durable before a checkpoint says it was. */
  sync(): Promise<void> {
    return this.handle.datasync();
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
