import "server-only";
import { stat } from "node:fs/promises";
import { exportResultSchema, type ExportResult } from "@/lib/alerts/export";
import type { StaffUser } from "@/server/auth/users";
import { conflict, notFound } from "@/server/errors";
import { accessibleRun } from "@/server/jobs/access";
import { finalPath, manifestPath } from "./files";

/**
 * A finished export the user may download: their own (an admin may fetch anyone's), not expired,
 * its file still there. Anything else reads as "not found", without saying whose it is.
 */
export async function downloadableExport(
  runId: string,
  user: StaffUser,
  now = Date.now(),
): Promise<{ result: ExportResult; file: string; manifest: string }> {
  const run = await accessibleRun(runId, user, "read");
  if (run.kind !== "alerts.export" || (run.startedById !== user.id && user.role !== "admin"))
    throw notFound("That export");
  if (run.status === "queued" || run.status === "running") throw conflict("That export has not finished yet.");
  const parsed = exportResultSchema.safeParse(run.result);
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
