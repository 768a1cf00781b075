import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditExportResult, AuditExportRunView } from "@/lib/audit/export";
import { checkSignature, type PublishedKey } from "@/lib/evidence/signature";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

type SessionModule = typeof Session;

/**
 * The audit export as the audit page uses it: the action starts a job that writes the whole filtered
 * log to a file with a signed manifest; the list, file and manifest routes serve them to the person
 * who asked. Checked against the database's own rows and an independent CSV parser.
 */
const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<SessionModule>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-audit", ip: null }) }));

const { setDbForTests, getDb, tables } = await import("@/server/db");
const { appendAudit } = await import("@/server/audit/append");
const { startJobWorkers, stopJobWorkers, getJobRun } = await import("@/server/jobs");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { startAuditExport } = await import("./audit");
const { GET: listExports } = await import("@/app/api/audit/exports/route");
const { GET: exportFile } = await import("@/app/api/audit/exports/[runId]/file/route");
const { GET: exportManifest } = await import("@/app/api/audit/exports/[runId]/manifest/route");
const { GET: signingKeys } = await import("@/app/api/audit/signing-keys/route");

const person = (id: string, role: StaffUser["role"]): StaffUser => ({
  id,
  email: `${id}@example.com`,
  name: null,
  role,
  mustChangePassword: false,
});
const compliance = person("cora", "compliance");
const support = person("sam", "support");

let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
const route = (path: string) => new NextRequest(`http://localhost${path}`);
const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) });
const finished = (runId: string) =>
  waitFor("the export to finish", async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

beforeAll(async () => {
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  for (let i = 0; i < 1200; i++)
    await appendAudit(
      {
        actor: { id: "u", email: i % 3 ? "bob@example.com" : "alice@example.com", role: "admin" },
        action: i % 2 ? "users.create" : "clients.create",
        target: `t${i}`,
        input: { i, note: i === 7 ? 'a "quoted", multi\nline =value' : undefined },
        outcome: "ok",
      },
      handle.db,
    );
  await startJobWorkers({ timing: FAST_TIMING });
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
});
beforeEach(() => {
  who.user = compliance;
});

describe("exporting the audit log", () => {
  it("writes every matching record pinned at the start, with a signed manifest of exactly that file", async () => {
    const started = await startAuditExport({ filters: { action: "users.create" } });
    if (!started.ok) throw new Error(started.error.message);
    // Records appended after the export was asked for stay out of it.
    await appendAudit({
      actor: { id: "u", email: "late@example.com", role: "admin" },
      action: "users.create",
      outcome: "ok",
    });
    const done = await finished(started.data.id);
    expect(done.status).toBe("succeeded");
    const result = done.result as AuditExportResult;

    const db = await getDb();
    const expected = (await db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "users.create")))
      .filter((r) => r.actorEmail !== "late@example.com")
      .sort((a, b) => b.seq - a.seq);
    expect(expected).toHaveLength(600);

    const file = await exportFile(route(`/api/audit/exports/${done.id}/file`), params({ runId: done.id }));
    expect(file.status).toBe(200);
    const csv = await file.text();
    expect(createHash("sha256").update(csv).digest("hex")).toBe(result.sha256);
    expect(file.headers.get("x-row-count")).toBe("600");
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => Number(r.seq))).toEqual(expected.map((r) => r.seq));
    expect(rows.map((r) => r.hash)).toEqual(expected.map((r) => r.hash));

    const manifestResponse = await exportManifest(
      route(`/api/audit/exports/${done.id}/manifest`),
      params({ runId: done.id }),
    );
    const manifest = JSON.parse(await manifestResponse.text()) as AuditExportResult["manifest"];
    expect(manifest).toMatchObject({
      kind: "audit.export",
      rows: 600,
      file: { sha256: result.sha256, bytes: Buffer.byteLength(csv) },
      filters: { action: "users.create" },
      chain: { verdict: "intact" },
      records: { newestSeq: expected[0]!.seq, oldestSeq: expected.at(-1)!.seq },
      generatedBy: { email: compliance.email },
    });
    const keys = (await (await signingKeys(route("/api/audit/signing-keys"), params({}))).json()) as {
      keys: PublishedKey[];
    };
    expect(
      checkSignature(
        manifest,
        keys.keys.map((k) => k.publicKey),
      ),
    ).toMatchObject({ ok: true });

    // On record once, with the file's digest and count.
    await waitFor("the export record", async () => {
      const [row] = await db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "audit.export"));
      return row;
    });
    const [record] = await db.select().from(tables.auditLog).where(eq(tables.auditLog.action, "audit.export"));
    expect(record?.input).toMatchObject({
      rows: 600,
      file: { sha256: result.sha256 },
      signedBy: manifest.signature.keyId,
    });

    const list = (await (await listExports(route("/api/audit/exports"), params({}))).json()) as AuditExportRunView[];
    expect(list[0]).toMatchObject({
      id: done.id,
      status: "succeeded",
      request: { filters: { action: "users.create" } },
    });
  });

  it("serves nobody else's export, and refuses a role without audit:read", async () => {
    const started = await startAuditExport({ filters: {} });
    if (!started.ok) throw new Error(started.error.message);
    const done = await finished(started.data.id);
    who.user = person("other", "compliance");
    expect((await exportFile(route("/x"), params({ runId: done.id }))).status).toBe(404);
    who.user = support;
    expect(await startAuditExport({ filters: {} })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect((await exportFile(route("/x"), params({ runId: done.id }))).status).toBe(403);
  });
});
