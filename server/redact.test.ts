import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./log";
import { redactSecrets } from "./redact";

describe("redaction", () => {
  it("replaces every secret-named field at any depth", () => {
    const out = redactSecrets({
      email: "a@b.c",
      password: "p4ss",
      clientApiKey: "ck",
      nested: { clientSessionToken: "cst", otp: "123456", list: [{ share: "s1" }, { custodianBackupShare: "s2" }] },
      headers: { Authorization: "Bearer x" },
      amount: "1.5",
    });
    expect(out).toEqual({
      email: "a@b.c",
      password: "[redacted]",
      clientApiKey: "[redacted]",
      nested: {
        clientSessionToken: "[redacted]",
        otp: "[redacted]",
        list: [{ share: "[redacted]" }, { custodianBackupShare: "[redacted]" }],
      },
      headers: { Authorization: "[redacted]" },
      amount: "1.5",
    });
  });

  it("keeps the console logger from writing secrets", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = createLogger(sink, "info");
    log.info(
      {
        authorization: "Bearer sk-live-1",
        clientApiKey: "ck-live-2",
        req: { headers: { authorization: "Bearer sk-live-3" }, body: { share: "share-4", otp: "otp-5" } },
        password: "pw-6",
        clientSessionToken: "cst-7",
      },
      "upstream call",
    );
    const text = lines.join("");
    expect(text).toContain("upstream call");
    for (const secret of ["sk-live-1", "ck-live-2", "sk-live-3", "share-4", "otp-5", "pw-6", "cst-7"])
      expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
  });

  it("replaces a URL's user, password and secret parameters whatever field holds it, in logs and audit inputs", () => {
    const input = {
      webhook: { url: "https://hooks.example/in?page=1&token=tok-url-1" },
      databaseUrl: "postgres://console:pw-url-2@db.internal/console",
      returnTo: "/api/auth/callback/oidc?code=code-url-3&state=state-url-4",
      notes: ["see https://u:pw-url-5@mirror.example/x"],
      state: "active",
    };
    const out = redactSecrets(input) as typeof input;
    expect(out).toEqual({
      webhook: { url: "https://hooks.example/in?page=1&token=[redacted]" },
      databaseUrl: "postgres://[redacted]:[redacted]@db.internal/console",
      returnTo: "/api/auth/callback/oidc?code=[redacted]&state=[redacted]",
      notes: ["see https://[redacted]:[redacted]@mirror.example/x"],
      state: "active",
    });
    const lines: string[] = [];
    createLogger(
      new Writable({
        write(chunk, _enc, cb) {
          lines.push(String(chunk));
          cb();
        },
      }),
      "info",
    ).info(input, "urls");
    for (const secret of ["tok-url-1", "pw-url-2", "code-url-3", "state-url-4", "pw-url-5"])
      expect(lines.join("")).not.toContain(secret);
    expect(lines.join("")).toContain("hooks.example/in?page=1");
  });

  it("redacts at any depth a log object has, by the same name rule, and inside a logged error", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const err = Object.assign(new Error("upstream refused"), { config: { headers: { "X-Api-Key": "ak-err-1" } } });
    createLogger(sink, "info").warn(
      { a: { b: { c: { signingSecret: "ss-deep-2" } } }, err, mustChangePassword: true },
      "deep",
    );
    const line = JSON.parse(lines.join("")) as Record<string, unknown>;
    expect(JSON.stringify(line)).not.toMatch(/ss-deep-2|ak-err-1/);
    expect(line).toMatchObject({
      a: { b: { c: { signingSecret: "[redacted]" } } },
      err: { type: "Error", message: "upstream refused", config: { headers: { "X-Api-Key": "[redacted]" } } },
      mustChangePassword: true,
    });
  });
});
