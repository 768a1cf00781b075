/**
 * Conformance: clients, session tokens, web OTPs, the single-client read and the cursor-paginated
 * list (spec: custodian administration, clients). Runs against the sandbox, or a real
 * upstream when PORTAL_* are set (see harness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Client, type Endpoint } from "@/lib/contracts";
import {
  badRequest,
  DESTRUCTIVE,
  rejection,
  SANDBOX,
  startUpstream,
  type Upstream,
} from "@/testing/conformance/harness";
import { NotFoundError, UpstreamError } from "../errors";

let up: Upstream;
/** A client to read: one created here, or (real upstream without opt-in) the first listed one. */
let subject: Client | undefined;

beforeAll(async () => {
  up = await startUpstream();
  subject = DESTRUCTIVE
    ? await up.admin.clients.retrieve((await up.admin.clients.create({})).id)
    : (await up.admin.clients.list({ take: 1 })).results[0];
});
afterAll(() => up?.close());

const subjectId = () => {
  if (!subject) throw new Error("the upstream has no client to read (and CONFORMANCE_DESTRUCTIVE is off)");
  return subject.id;
};

/** An id no client has. */
const UNKNOWN_ID = "cnoclientwiththisid000000";

describe("POST /api/v3/custodians/me/clients", () => {
  it.skipIf(!DESTRUCTIVE)(
    "creates a client and returns its id, client API key, first session token and account-abstraction flag",
    async () => {
      const plain = await up.admin.clients.create({});
      expect(plain).toMatchObject({
        id: expect.any(String),
        clientApiKey: expect.any(String),
        clientSessionToken: expect.any(String),
        isAccountAbstracted: false,
      });
      const abstracted = await up.admin.clients.create({ isAccountAbstracted: true });
      expect(abstracted.isAccountAbstracted).toBe(true);
      expect(abstracted.id).not.toBe(plain.id);
      expect(abstracted.clientApiKey).not.toBe(plain.clientApiKey);
      expect((await up.admin.clients.retrieve(abstracted.id)).isAccountAbstracted).toBe(true);
      const explicit = await up.admin.clients.create({ isAccountAbstracted: false });
      expect(explicit.isAccountAbstracted).toBe(false);
    },
  );

  it.skipIf(!DESTRUCTIVE)("creates a client from a request without a body", async () => {
    const bare = { ...endpoints.createClient, body: undefined } satisfies Endpoint;
    expect(await up.admin.call(bare)).toMatchObject({ id: expect.any(String), isAccountAbstracted: false });
  });

  it.skipIf(!DESTRUCTIVE)("answers a non-boolean isAccountAbstracted with 400", async () => {
    await badRequest(
      up.admin.clients.create({ isAccountAbstracted: "yes" } as never, { validateInput: false }),
      /isAccountAbstracted/,
    );
  });

  it.skipIf(!SANDBOX)("starts a new client without wallets or addresses (sandbox)", async () => {
    const created = await up.admin.clients.create({});
    const read = await up.admin.clients.retrieve(created.id);
    expect(read.wallets).toEqual([]);
    expect(read.metadata.namespaces).toEqual({});
    expect(read.ejectedAt).toBeNull();
  });
});

describe("POST /api/v3/custodians/me/clients/{clientId}/sessions", () => {
  it("issues a new client session token for the client", async () => {
    const first = await up.admin.clients.createSession(subjectId());
    const second = await up.admin.clients.createSession(subjectId());
    expect(first).toMatchObject({
      id: subjectId(),
      clientSessionToken: expect.any(String),
      isAccountAbstracted: subject?.isAccountAbstracted,
    });
    expect(second.clientSessionToken).not.toBe(first.clientSessionToken);
  });

  it("refuses an unknown client", async () => {
    const error = await rejection(up.admin.clients.createSession(UNKNOWN_ID), UpstreamError);
    expect([400, 404]).toContain(error.status);
    if (SANDBOX) expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe("/api/v1/custodians/clients/{clientId}/web-otp", () => {
  it("issues a one-time password with GET", async () => {
    const otp = await up.admin.clients.webOtp(subjectId());
    expect(otp.id).toBe(subjectId());
    expect(otp.otp.length).toBeGreaterThan(0);
  });

  it("issues a one-time password with POST too (the docs disagree on the method)", async () => {
    const viaPost = await up.admin.call(
      { ...endpoints.getWebOtp, method: "POST" },
      { params: { clientId: subjectId() } },
    );
    const viaGet = await up.admin.clients.webOtp(subjectId());
    expect(viaPost.id).toBe(subjectId());
    expect(viaPost.otp).not.toBe(viaGet.otp);
  });

  it("refuses an unknown client", async () => {
    const error = await rejection(up.admin.clients.webOtp(UNKNOWN_ID), UpstreamError);
    expect([400, 404]).toContain(error.status);
  });
});

describe("GET /api/v3/custodians/me/clients/{clientId}", () => {
  it("reads the client with custodian, environment, ejection state, namespaces and wallets", async () => {
    const read = await up.admin.clients.retrieve(subjectId());
    expect(read.id).toBe(subjectId());
    expect(Date.parse(read.createdAt)).not.toBeNaN();
    expect(read.custodian).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(read.environment).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(read).toHaveProperty("ejectedAt");
    expect(typeof read.isAccountAbstracted).toBe("boolean");
    expect(read.metadata.namespaces).toBeTypeOf("object");
    expect(Array.isArray(read.wallets)).toBe(true);
  });

  it.skipIf(!SANDBOX)(
    "names the sandbox custodian and mirrors managed backups in the environment (sandbox)",
    async () => {
      const read = await up.admin.clients.retrieve(subjectId());
      expect(read.custodian.name).toBe("Sandbox Custodian");
      expect(read.environment).toMatchObject({ name: "Development", backupWithPortalEnabled: true });
    },
  );

  it("answers an unknown client id with an error, 404 on the sandbox", async () => {
    const error = await rejection(up.admin.clients.retrieve(UNKNOWN_ID), UpstreamError);
    expect([400, 404]).toContain(error.status);
    if (SANDBOX) expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe("GET /api/v3/custodians/me/clients", () => {
  it("defaults take to 100 and reports cursor and total", async () => {
    const page = await up.admin.clients.list();
    expect(page.metadata.take).toBe(100);
    expect(page.results.length).toBeLessThanOrEqual(100);
    expect(page.metadata.total).toBeGreaterThanOrEqual(page.results.length);
    if (page.metadata.total > page.results.length) expect(page.metadata.cursor).toBe(page.results.at(-1)?.id);
  });

  it("accepts take from 1 to 100", async () => {
    const one = await up.admin.clients.list({ take: 1 });
    expect(one.results).toHaveLength(1);
    expect(one.metadata.take).toBe(1);
    expect(one.metadata.cursor).toBe(one.results[0]?.id);
    const hundred = await up.admin.clients.list({ take: 100 });
    expect(hundred.metadata.take).toBe(100);
  });

  it.each([
    ["0", 0],
    ["101", 101],
    ["-1", -1],
    ["1.5", 1.5],
    ["not a number", "ten"],
  ])("answers take=%s with 400", async (_label, take) => {
    await badRequest(up.admin.clients.list({ take } as never, { validateInput: false }), /take/);
  });

  it("gives an empty last page and no cursor after the last client", async () => {
    let last: string | undefined;
    for await (const page of up.admin.clients.pages({ take: 100 })) last = page.results.at(-1)?.id ?? last;
    const after = await up.admin.clients.list({ cursor: last });
    expect(after.results).toEqual([]);
    expect(after.metadata.cursor).toBeNull();
  });

  it.skipIf(!SANDBOX)("answers a cursor that is no client's id with 400 (sandbox)", async () => {
    await badRequest(up.admin.clients.list({ cursor: UNKNOWN_ID }), /cursor/);
  });

  it("walks every client once, in a stable order, with the cursor", async () => {
    const ids: string[] = [];
    let pages = 0;
    let total = 0;
    for await (const page of up.admin.clients.pages({ take: 100 })) {
      ids.push(...page.results.map((c) => c.id));
      total = page.metadata.total;
      if (++pages > 200) throw new Error("more than 200 pages");
    }
    expect(new Set(ids).size).toBe(ids.length);
    const again: string[] = [];
    for await (const page of up.admin.clients.pages({ take: 100 })) again.push(...page.results.map((c) => c.id));
    if (SANDBOX) {
      expect(ids.length).toBe(total);
      expect(again).toEqual(ids);
    } else {
      // A shared upstream may gain clients meanwhile (other runs, this suite's other files); none disappears.
      expect(again).toEqual(expect.arrayContaining(ids));
    }
  });

  it.skipIf(!DESTRUCTIVE)("neither skips nor repeats a client while clients are being created", async () => {
    const before: string[] = [];
    for await (const page of up.admin.clients.pages({ take: 100 })) before.push(...page.results.map((c) => c.id));

    const seen: string[] = [];
    const created: string[] = [];
    let pages = 0;
    // Small pages, and two new clients after every page: the walk runs while the list grows.
    for await (const page of up.admin.clients.pages({ take: 7 })) {
      seen.push(...page.results.map((c) => c.id));
      created.push((await up.admin.clients.create({})).id);
      created.push((await up.admin.clients.create({ isAccountAbstracted: true })).id);
      if (++pages > 100) throw new Error("the walk does not end while clients are created");
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // Clients created during the walk are appended, so the walk reaches every one but the two made after its last page.
    if (SANDBOX) expect(seen).toEqual([...before, ...created.slice(0, -2)]);
  });

  it.skipIf(!SANDBOX)("counts the seeded clients and orders by creation time (sandbox)", async () => {
    const first = await up.admin.clients.list({ take: 100 });
    const seeded = first.results.slice(0, 40);
    expect(seeded).toHaveLength(40);
    const times = first.results.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Seeded clients have both wallets and real addresses on every namespace.
    for (const client of seeded) {
      expect(client.wallets.map((w) => w.curve).sort()).toEqual(["ED25519", "SECP256K1"]);
      expect(Object.keys(client.metadata.namespaces).sort()).toEqual(["bip122", "eip155", "solana", "stellar", "tron"]);
    }
  });
});
