import "server-only";
import { createHash } from "node:crypto";
import { open, rename } from "node:fs/promises";
import { finalPath } from "@/server/exports/files";
import { partPath } from "./files";

const CHUNK = 1 << 20;

/**
 * The export file: the header, then every part in slice order (newest slice first), copied through
 * one reused 1 MB buffer with the SHA-256 computed on the way, so memory stays flat whatever the
 * size (a stream would allocate a buffer per chunk, hundreds of MB before a collection frees them).
 * Each part is read up to its checkpointed size only, so the file is exactly what the checkpoints
 * vouch for. Written as .tmp and renamed: a download finds the whole file or none. Run again after
 * an interruption, it simply writes the file again from the parts.
 */
export async function assembleExport(
  runId: string,
  fileName: string,
  header: string,
  partBytes: readonly number[],
  signal: AbortSignal,
): Promise<{ bytes: number; sha256: string }> {
  const target = finalPath(runId, fileName);
  const temp = `${target}.tmp`;
  const out = await open(temp, "w");
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(CHUNK);
  let bytes = 0;
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    let offset = 0;
    while (offset < chunk.length) offset += (await out.write(chunk, offset, chunk.length - offset)).bytesWritten;
    bytes += chunk.length;
  };
  try {
    if (header) await write(Buffer.from(header, "utf8"));
    for (const [i, size] of partBytes.entries()) {
      if (size === 0) continue;
      const part = await open(partPath(runId, i), "r");
      try {
        for (let position = 0; position < size;) {
          signal.throwIfAborted();
          const { bytesRead } = await part.read(buffer, 0, Math.min(CHUNK, size - position), position);
          if (bytesRead === 0) throw new Error(`export part ${i} has ${position} bytes, its checkpoint says ${size}`);
          await write(buffer.subarray(0, bytesRead));
          position += bytesRead;
        }
      } finally {
        await part.close();
      }
    }
    await out.datasync();
  } finally {
    await out.close();
  }
  await rename(temp, target);
  return { bytes, sha256: hash.digest("hex") };
}
