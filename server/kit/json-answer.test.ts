import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { jsonAnswer } from "./json-answer";

/**
 * A JSON answer as a client decodes it: past a kilobyte, compressed in one piece in the encoding the client
 * prefers (Node's zlib decodes it to the same JSON), its encoding and exact length in the two headers the
 * serving process turns into Content-Encoding and Content-Length; below, plain and `no-transform`.
 */
const large = { rows: Array.from({ length: 60 }, (_, i) => ({ id: `row-${i}`, note: "a value that repeats" })) };

async function bytes(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

describe("jsonAnswer", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
    ["gzip, deflate", "gzip", gunzipSync],
    ["br;q=0.5, gzip", "gzip", gunzipSync],
  ] as const)(
    "Accept-Encoding %s: %s, decoding to the same JSON, with its length",
    async (accept, encoding, decode) => {
      const answer = jsonAnswer(large, { acceptEncoding: accept });
      const body = await bytes(answer);
      expect(answer.headers.get("x-console-content-encoding")).toBe(encoding);
      expect(answer.headers.get("x-console-content-length")).toBe(String(body.length));
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      expect(body.length).toBeLessThan(JSON.stringify(large).length / 3);
      expect(JSON.parse(decode(body).toString("utf8"))).toEqual(large);
    },
  );

  it.each([[undefined], ["identity"], ["compress"]])("Accept-Encoding %s: plain", async (accept) => {
    const answer = jsonAnswer(large, { acceptEncoding: accept, headers: { "cache-control": "private, no-store" } });
    expect(answer.headers.get("x-console-content-encoding")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse((await bytes(answer)).toString("utf8"))).toEqual(large);
  });

  it("a small answer goes plain whatever the client takes, and asks proxies not to compress it", async () => {
    const answer = jsonAnswer({ status: "ok" }, { acceptEncoding: "br, gzip", status: 200 });
    expect(answer.headers.get("x-console-content-encoding")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await answer.json()).toEqual({ status: "ok" });
  });
});
