import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import canonicalize from "canonicalize";
import { and, eq, inArray, or } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EjectEvidenceBody } from "@/lib/ejects/evidence";
import type { EvidenceSignature } from "@/lib/evidence/signature";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import type { TestDbKind } from "@/testing/db";

/**
 * A whole ejection as staff carry it out (the four server actions, with their audit records) against
 * the sandbox in this process, then its evidence pack held to what others say: the sandbox's own client
 * record and shares (hashed here with node:crypto), the audit_log rows, and Node's own Ed25519 for the
 * signature. On PGlite and on PostgreSQL.
 */

const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<typeof Session>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-evidence", ip: null }) }));

const { loadSandboxEnv } = await import("@/sandbox/env");
const { startSandbox } = await import("@/sandbox/start");
const { seededClientPositions } = await import("@/sandbox/seed/backup-plan");
const { forgetEnvForTests } = await import("@/server/env");
const { setDbForTests, tables } = await import("@/server/db");
const { toStaffUser } = await import("@/server/auth/users");
const { startJobWorkers, stopJobWorkers } = await import("@/server/jobs");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { approveEject, downloadEjectShares, executeEject, requestEject } = await import("@/server/actions/ejects");
const { writeEvidencePack } = await import("./store");
const { listEjectRequests } = await import("@/server/ejects");
const { GET } = await import("@/app/api/ejects/[requestId]/evidence/route");

const KEY = "eject-evidence-test-key";
const SEED_CLIENTS = 12;
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

type Started = Awaited<ReturnType<typeof startSandbox>>;
let started: Started;
let dataDir: string;

beforeAll(async () => {
  started = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: KEY,
      SANDBOX_SEED_CLIENTS: String(SEED_CLIENTS),
      SANDBOX_SEED_EVENTS: "20",
      SANDBOX_RETRY_SCALE: "off",
    }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  dataDir = mkdtempSync(path.join(tmpdir(), "eject-evidence-"));
  Object.assign(process.env, {
    SANDBOX_HOST: "127.0.0.1",
    SANDBOX_PORT: String(started.base.port),
    SANDBOX_MPC_PORT: String(started.mpc.port),
    SANDBOX_CUSTODIAN_API_KEY: KEY,
    CONSOLE_DATA_DIR: dataDir,
    CUSTODIAN_RATE_LIMIT: "100000",
  });
  forgetEnvForTests();
});
afterAll(async () => {
  await started?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const person = (row: typeof tables.users.$inferSelect) => toStaffUser(row);
const ok = <T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
};

/** Every 16-character stretch of a secret: none may appear in what the console keeps or serves. */
const stretches = (secret: string) =>
  Array.from({ length: Math.max(0, secret.length - 15) }, (_, i) => secret.slice(i, i + 16));

describe.each<TestDbKind>(["pglite", "postgres"])("the evidence pack of an ejection, on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
  let requester: StaffUser;
  let approver: StaffUser;

  beforeAll(async () => {
    handle = await openJobsTestDb(kind);
    setDbForTests(handle);
    await startJobWorkers({ timing: FAST_TIMING });
    const long = new Date(Date.now() - 86_400_000);
    const [a, b] = await handle.db
      .insert(tables.users)
      .values([
        { email: `sam-${kind}@example.com`, role: "support", createdAt: long },
        { email: `cleo-${kind}@example.com`, role: "compliance", createdAt: long },
      ])
      .returning();
    requester = person(a!);
    approver = person(b!);
  });
  afterAll(async () => {
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle.close();
  });

  it(
    "holds what the sandbox, the audit log and the signature say, no share, and is written once",
    { timeout: 120_000 },
    async () => {
      // A seeded client whose backup is complete (the one kind that can be ejected), a different one per database.
      const position = seededClientPositions("completed", { count: SEED_CLIENTS })[kind === "pglite" ? 0 : 1];
      const client = started.sandbox.clients.all()[position as number]!;
      const wallet = client.wallets[0]!;

      who.user = requester;
      const request = ok(
        await requestEject({
          clientId: client.id,
          walletId: wallet.id,
          reason: "The user leaves the platform and asked for their keys",
          ticket: "SUP-4242",
          windowMinutes: 5,
        }),
      );
      who.user = approver;
      ok(await approveEject({ requestId: request.id, note: "Ticket checked with the user" }));
      who.user = requester;
      ok(await executeEject({ requestId: request.id }));
      const download = ok(
        await downloadEjectShares({ requestId: request.id, clientId: client.id, confirmClientId: client.id }),
      );

      // The job writes the pack once the download's audit record is there; the client's eject list
      // says it is signed from then on.
      const listed = async () => (await listEjectRequests(client.id)).find((r) => r.id === request.id);
      // Read (and kept, on PGlite) while the job has most likely not written the pack yet.
      await listed();
      const stored = await waitFor("the evidence pack", async () => {
        const [row] = await handle.db
          .select()
          .from(tables.ejectEvidence)
          .where(eq(tables.ejectEvidence.requestId, request.id));
        return row;
      });
      expect((await listed())?.evidenceSignedAt).toBe(stored.signedAt.toISOString());
      const pack = stored.pack as EjectEvidenceBody & { signature: EvidenceSignature };

      // The sandbox's own record of the client and of the shares it handed out.
      const truth = started.sandbox.clients.get(client.id)!;
      const shares = started.keyStore.ejectableBackupShares(client.id, wallet.id)!;
      const shareFile = JSON.parse(download.content) as Record<string, string | null>;
      expect(shareFile.custodianBackupShare).toBe(shares.custodianBackupShare);
      const row = (
        await handle.db.select().from(tables.ejectRequests).where(eq(tables.ejectRequests.id, request.id))
      )[0]!;

      // The audit records of the four steps, found here by their targets, not by the console's lookup.
      const log = tables.auditLog;
      const records = await handle.db
        .select()
        .from(log)
        .where(
          and(
            inArray(log.action, ["eject.request", "eject.approve", "eject.execute", "eject.fetch-shares"]),
            or(
              eq(log.target, `${client.id}/${wallet.id}`),
              eq(log.target, request.id),
              eq(log.target, `${client.id}/${request.id}`),
            ),
          ),
        )
        .orderBy(log.seq);
      expect(records.map((r) => `${r.action} ${r.outcome}`)).toEqual([
        "eject.request intent",
        "eject.request ok",
        "eject.approve intent",
        "eject.approve ok",
        "eject.execute intent",
        "eject.execute ok",
        "eject.fetch-shares intent",
        "eject.fetch-shares ok",
      ]);
      const steps = [
        "request",
        "request",
        "decision",
        "decision",
        "execute",
        "execute",
        "fetch-shares",
        "fetch-shares",
      ];

      const { signature, ...body } = pack;
      expect(body).toEqual({
        kind: "eject.evidence",
        format: "custodian-console.eject-evidence/v1",
        requestId: request.id,
        clientId: client.id,
        wallet: { id: wallet.id, curve: wallet.curve },
        upstream: {
          readAt: expect.any(String),
          ejectedAt: truth.ejectedAt,
          ...(truth.ejectedAt === null ? { ejectedAtNote: expect.stringContaining("null") } : {}),
          ejectableUntilNote: expect.stringContaining("execution.ejectableUntil"),
          wallets: truth.wallets.map((w) => ({ id: w.id, curve: w.curve, ejectableUntil: w.ejectableUntil })),
        },
        request: {
          by: requester.email,
          reason: "The user leaves the platform and asked for their keys",
          ticket: "SUP-4242",
          at: row.requestedAt.toISOString(),
        },
        decision: {
          outcome: "approved",
          by: approver.email,
          note: "Ticket checked with the user",
          at: row.decidedAt!.toISOString(),
        },
        execution: {
          by: requester.email,
          at: row.executedAt!.toISOString(),
          windowMinutes: 5,
          ejectableUntil: row.ejectableUntil!.toISOString(),
        },
        sharesFetch: { by: requester.email, at: row.sharesFetchedAt!.toISOString() },
        shares: {
          algorithm: "SHA-256",
          of: expect.stringContaining("UTF-8"),
          digests: [
            {
              field: "encryptedClientBackupShare",
              sha256: shares.encryptedClientBackupShare === null ? null : sha256(shares.encryptedClientBackupShare),
            },
            { field: "custodianBackupShare", sha256: sha256(shares.custodianBackupShare) },
          ],
        },
        audit: records.map((r, i) => ({
          step: steps[i],
          seq: r.seq,
          id: r.id,
          action: r.action,
          outcome: r.outcome,
          at: new Date(r.at).toISOString(),
          hash: r.hash,
        })),
        missing: [],
        generatedAt: pack.upstream.readAt,
      });
      // The sandbox closed the window when it handed the shares out, and the pack says so as the read showed
      // it; the window the console opened is the one enable-eject answered, on the execute step's record.
      expect(truth.wallets.find((w) => w.id === wallet.id)?.ejectableUntil).toBeNull();
      const executed = records.find((r) => r.action === "eject.execute" && r.outcome === "ok")!;
      expect((executed.input as { result: { ejectableUntil: string } }).result.ejectableUntil).toBe(
        pack.execution.ejectableUntil,
      );
      expect(Date.parse(pack.upstream.readAt)).toBeGreaterThanOrEqual(row.sharesFetchedAt!.getTime());

      // Signed as the scheme says, checked with Node's own Ed25519 and an RFC 8785 canonicalizer.
      const publicKey = createPublicKey({
        key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(signature.publicKey, "hex")]),
        format: "der",
        type: "spki",
      });
      expect(signature.algorithm).toBe("Ed25519");
      expect(signature.keyId).toBe(`ed25519:${sha256Bytes(signature.publicKey).slice(0, 16)}`);
      expect(stored.keyId).toBe(signature.keyId);
      expect(
        verify(null, Buffer.from(canonicalize(body)!, "utf8"), publicKey, Buffer.from(signature.value, "hex")),
      ).toBe(true);
      // And listed among what the key signed, for its successor's statement if it is ever retired.
      const digest = createHash("sha256").update(canonicalize(body)!, "utf8").digest("hex");
      expect(
        await handle.db.select().from(tables.evidenceSignatures).where(eq(tables.evidenceSignatures.digest, digest)),
      ).toHaveLength(1);

      // The download: the stored document, as a file, for a compliance reviewer.
      who.user = approver;
      const response = await GET(new NextRequest(`http://console.test/api/ejects/${request.id}/evidence`), {
        params: Promise.resolve({ requestId: request.id }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="eject-evidence-${request.id}.json"`,
      );
      const served = await response.text();
      expect(JSON.parse(served)).toEqual(pack);

      // No share, nor any 16 characters of one, in what is stored or served. The custodian backup share is a
      // JSON document whose secret is its `share` (its ids and public key are the client's, named in the
      // pack too: scripts/secret-scan.mjs reads it the same way); the whole document must not appear either.
      const storedText = JSON.stringify(stored);
      expect(storedText).not.toContain(shares.custodianBackupShare);
      expect(served).not.toContain(shares.custodianBackupShare);
      const secrets = [
        (JSON.parse(shares.custodianBackupShare) as { share: string }).share,
        ...(shares.encryptedClientBackupShare === null ? [] : [shares.encryptedClientBackupShare]),
      ];
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThanOrEqual(16);
        for (const piece of stretches(secret)) {
          expect(storedText.includes(piece), `stored pack holds ${piece}`).toBe(false);
          expect(served.includes(piece), `served pack holds ${piece}`).toBe(false);
        }
      }

      // Written once: another write finds it; with the pack gone, two writes at once make one row.
      expect(await writeEvidencePack(handle.db, request.id)).toMatchObject({ state: "exists" });
      await handle.db.delete(tables.ejectEvidence).where(eq(tables.ejectEvidence.requestId, request.id));
      const twice = await Promise.all([
        writeEvidencePack(handle.db, request.id),
        writeEvidencePack(handle.db, request.id),
      ]);
      expect(twice.map((w) => w.state).sort()).toEqual(["exists", "written"]);
      expect(
        await handle.db.select().from(tables.ejectEvidence).where(eq(tables.ejectEvidence.requestId, request.id)),
      ).toHaveLength(1);
    },
  );

  it("waits for the download's audit record, then says what it could not find rather than guess", async () => {
    // A completed request whose steps left no audit record (a process that stopped before writing them).
    const client = started.sandbox.clients.all()[seededClientPositions("completed", { count: SEED_CLIENTS })[2]!]!;
    const fetchedAt = new Date(Date.now() - 1_000);
    const [row] = await handle.db
      .insert(tables.ejectRequests)
      .values({
        clientId: client.id,
        walletId: client.wallets[0]!.id,
        curve: client.wallets[0]!.curve,
        reason: "A request whose records were lost",
        ticket: "SUP-7",
        windowMinutes: 5,
        status: "executed",
        requestedById: requester.id,
        requestedByEmail: requester.email,
        expiresAt: new Date(Date.now() + 3_600_000),
        decidedById: approver.id,
        decidedByEmail: approver.email,
        decidedAt: fetchedAt,
        executedByEmail: requester.email,
        executedAt: fetchedAt,
        ejectableUntil: new Date(Date.now() + 300_000),
        sharesFetchedByEmail: requester.email,
        sharesFetchedAt: fetchedAt,
      })
      .returning();
    expect(await writeEvidencePack(handle.db, row!.id, new Date(fetchedAt.getTime() + 5_000))).toEqual({
      state: "waiting",
    });
    expect(await writeEvidencePack(handle.db, row!.id, new Date(fetchedAt.getTime() + 120_000))).toMatchObject({
      state: "written",
    });
    const [stored] = await handle.db
      .select()
      .from(tables.ejectEvidence)
      .where(eq(tables.ejectEvidence.requestId, row!.id));
    const pack = stored!.pack as { audit: unknown[]; shares: unknown; missing: string[] };
    expect(pack.audit).toEqual([]);
    expect(pack.shares).toBeNull();
    expect(pack.missing).toEqual([
      "the audit record of the request step's outcome",
      "the audit record of the decision step's outcome",
      "the audit record of the execute step's outcome",
      "the audit record of the fetch-shares step's outcome",
      "the SHA-256 of the shares (the download's audit record does not hold them)",
    ]);
  });

  it("is served to whoever reads clients, is not found for a request without one, and needs a session", async () => {
    const [request] = await handle.db.select().from(tables.ejectRequests).limit(1);
    who.user = { ...requester, id: "00000000-0000-4000-8000-0000000000aa", role: "developer" };
    const get = (id: string) =>
      GET(new NextRequest(`http://console.test/api/ejects/${id}/evidence`), {
        params: Promise.resolve({ requestId: id }),
      });
    // Every role reads clients (docs/user-guide.md), a developer too; a missing request is simply not found.
    expect((await get(request!.id)).status).toBe(200);
    expect((await get("5f2b8c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f")).status).toBe(404);
    who.user = undefined;
    expect((await get(request!.id)).status).toBe(401);
  });
});

function sha256Bytes(hex: string) {
  return createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");
}
