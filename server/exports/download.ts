import "server-only";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { z } from "zod";
import type { StaffUser } from "@/server/auth/users";
import { conflict, notFound } from "@/server/errors";
import { accessibleRun } from "@/server/jobs/access";
import { finalPath, manifestPath } from "./files";

/**
 * A finished export the user may download: their own (an admin may fetch anyone's), of the given
 * kind, not expired, its file still there. Anything else reads as "not found", without saying whose.
 */
export async function downloadableExport<R extends { fileName: string; expiresAt: string }>(
  runId: string,
  user: StaffUser,
  kind: string,
  resultSchema: z.ZodType<R>,
  now = Date.now(),
): Promise<{ result: R; file: string; manifest: string }> {
  const run = await accessibleRun(runId, user, "read");
  if (run.kind !== kind || (run.startedById !== user.id && user.role !== "admin")) throw notFound("That export");
  if (run.status === "queued" || run.status === "running") throw conflict("That export has not finished yet.");
  const parsed = resultSchema.safeParse(run.result);
  if (run.status !== "succeeded" || !parsed.success) throw notFound("That export's file");
  const result = parsed.data;
  if (now >= Date.parse(result.expiresAt)) throw notFound("That export's file (it expired)");
  const file = finalPath(run.id, result.fileName);
  const present = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!present) throw notFound("That export's file (it expired)");
  return { result, file, manifest: manifestPath(run.id) };
}

/**
 * A manifest served exactly as it was written (the bytes its signature vouches for, whatever reads
 * them), as a file to keep beside the export.
 */
export async function manifestResponse(manifest: string, fileName: string, requestId: string): Promise<Response> {
  return new Response(await readFile(manifest), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}.manifest.json"`,
      "cache-control": "no-store",
      "x-request-id": requestId,
    },
  });
}

const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", ndjson: "application/x-ndjson; charset=utf-8" } as const;

/** An export's file, streamed from disk (never held in memory), with its SHA-256 and row count in headers. */
export function fileResponse(
  file: string,
  result: { fileName: string; bytes: number; sha256: string; rows: number },
  format: keyof typeof CONTENT_TYPES,
  requestId: string,
): Response {
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": CONTENT_TYPES[format],
      "content-length": String(result.bytes),
      "content-disposition": `attachment; filename="${result.fileName}"`,
      "cache-control": "no-store",
      "x-content-sha256": result.sha256,
      "x-row-count": String(result.rows),
      "x-request-id": requestId,
    },
  });
}
