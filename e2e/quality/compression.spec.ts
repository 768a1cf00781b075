import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { storageState } from "../fixtures/users";

/**
 * What a browser and an API client get on the wire: the console compresses its answers itself (scripts/serve.mjs,
 * Brotli where the client takes it, gzip where it does not), leaves a small JSON answer plain, and every encoded
 * answer decodes, with Node's own zlib, to what the same request gets uncompressed.
 */
interface Raw {
  status: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
  vary: string | undefined;
  length: string | undefined;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** The admin's cookies, kept up to date as the console re-issues its session. */
let jar: Map<string, string> | undefined;
function cookieHeader(): string {
  jar ??= new Map(
    (
      JSON.parse(readFileSync(storageState("admin"), "utf8")) as { cookies: { name: string; value: string }[] }
    ).cookies.map((c) => [c.name, c.value]),
  );
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
function takeCookies(lines: readonly string[] | undefined) {
  for (const line of lines ?? []) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) jar?.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** One GET as it arrives, not decoded (Playwright's own request client would decode it). */
function get(url: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { cookie: cookieHeader(), "accept-encoding": acceptEncoding } }, (res) => {
      takeCookies(res.headers["set-cookie"]);
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers["content-encoding"],
          cacheControl: res.headers["cache-control"],
          vary: res.headers.vary,
          length: res.headers["content-length"],
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decoded = (raw: Raw) =>
  raw.encoding === "br" ? brotliDecompressSync(raw.body) : raw.encoding === "gzip" ? gunzipSync(raw.body) : raw.body;

test.use({ storageState: storageState("admin") });

test("[SHELL][compression] pages and large answers are compressed as the client asks, small JSON goes plain, and all decode", async ({
  baseURL,
}) => {
  // The journeys' own address is a recording proxy that asks the console for plain answers
  // (scripts/e2e-capture-proxy.mjs); the console itself listens on the next port (scripts/e2e-server.mjs).
  const direct = new URL(baseURL!);
  direct.port = String(Number(direct.port) + 1);
  const at = (path: string) => new URL(path, direct).toString();

  // A page: Brotli for a browser (every current one offers it), gzip for a client that only takes gzip.
  const plainPage = await get(at("/clients"), "identity");
  expect(plainPage.status).toBe(200);
  expect(plainPage.encoding).toBeUndefined();
  const brPage = await get(at("/clients"), "gzip, deflate, br, zstd");
  expect(brPage.status).toBe(200);
  expect(brPage.encoding).toBe("br");
  expect(brPage.vary).toMatch(/Accept-Encoding/i);
  const gzPage = await get(at("/clients"), "gzip, deflate");
  expect(gzPage.encoding).toBe("gzip");
  for (const page of [brPage, gzPage]) {
    const html = decoded(page).toString("utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html).toMatch(/<h1[^>]*>Clients/);
    // Compressed, not merely labelled so.
    expect(page.body.length).toBeLessThan(plainPage.body.length / 3);
  }

  // A data route's answer past a kilobyte is compressed and decodes to the same JSON: compressed in one piece,
  // it goes with its length (no chunked framing), and the headers that carried it past Next stay inside.
  const plainList = await get(at("/api/clients?take=25"), "identity");
  expect(plainList.body.length).toBeGreaterThan(1024);
  const ids = (raw: Raw) =>
    (JSON.parse(decoded(raw).toString("utf8")) as { results: { id: string }[] }).results.map((c) => c.id);
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip, deflate", "gzip"],
  ] as const) {
    const list = await get(at("/api/clients?take=25"), accept);
    expect(list.encoding).toBe(encoding);
    expect(list.vary).toMatch(/Accept-Encoding/i);
    expect(list.length).toBe(String(list.body.length));
    expect(list.headers["transfer-encoding"]).toBeUndefined();
    expect(Object.keys(list.headers).filter((name) => name.startsWith("x-console-"))).toEqual([]);
    expect(ids(list)).toEqual(ids(plainList));
  }

  // A small one goes as it is, and says so to any proxy on the way.
  const health = await get(at("/api/health"), "br, gzip");
  expect(health.encoding).toBeUndefined();
  expect(health.cacheControl).toContain("no-transform");
  expect(JSON.parse(health.body.toString("utf8"))).toEqual({ status: "ok" });

  // The build's scripts decode to exactly the bytes served plain.
  const script = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(plainPage.body.toString("utf8"))?.[1];
  expect(script).toBeDefined();
  const plainScript = await get(at(script!), "identity");
  for (const accept of ["br", "gzip"]) {
    const encoded = await get(at(script!), accept);
    expect(encoded.encoding).toBe(accept);
    expect(decoded(encoded).equals(plainScript.body)).toBe(true);
  }
});

test("[SHELL][compression] a browser on the console's own port reads compressed route answers: the clients list pages on", async ({
  page,
  baseURL,
}) => {
  const direct = new URL(baseURL!);
  direct.port = String(Number(direct.port) + 1);
  // The answers the page fetches itself, as Chromium received them.
  const answers: { encoding: string | undefined; length: string | undefined }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/clients")
      answers.push({ encoding: response.headers()["content-encoding"], length: response.headers()["content-length"] });
  });
  await page.goto(new URL("/clients?take=25", direct).toString());
  const range = page.getByTestId("page-range");
  await expect(range).toHaveText(/^1–25 of \d+$/);
  const first = page.getByRole("table", { name: "Clients" }).locator("tbody tr td:first-child a").first();
  const firstId = await first.textContent();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(range).toHaveText(/^26–50 of \d+$/);
  await expect(first).not.toHaveText(firstId!);
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.encoding).toBe("br");
    expect(Number(answer.length)).toBeGreaterThan(0);
  }
});
