import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, getUpstreamConfig, forgetEnvForTests } from "./env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  forgetEnvForTests();
});

describe("server configuration", () => {
  it("generates AUTH_SECRET and CONSOLE_VAULT_KEY once, mode 600, when the sandbox is the upstream", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "console-env-"));
    process.env = {
      ...saved,
      CONSOLE_DATA_DIR: dir,
      AUTH_SECRET: "",
      CONSOLE_VAULT_KEY: "",
      PORTAL_BASE_URL: "",
      PORTAL_MPC_URL: "",
      PORTAL_CUSTODIAN_API_KEY: "",
    };
    const first = getEnv();
    expect(first.upstreamMode).toBe("sandbox");
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.CONSOLE_VAULT_KEY, "base64")).toHaveLength(32);
    for (const name of ["auth-secret", "vault-key"]) expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first.AUTH_SECRET);
    forgetEnvForTests();
    expect(getEnv().AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it("points at the sandbox by default and at the real service when the three variables are set", () => {
    process.env = {
      ...saved,
      CONSOLE_DATA_DIR: mkdtempSync(path.join(tmpdir(), "console-env-")),
      PORTAL_BASE_URL: "",
      PORTAL_MPC_URL: "",
      PORTAL_CUSTODIAN_API_KEY: "",
      SANDBOX_PORT: "4999",
    };
    expect(getUpstreamConfig()).toMatchObject({
      mode: "sandbox",
      baseUrl: "http://127.0.0.1:4999",
      label: "Sandbox",
      custodianApiKey: "sandbox-custodian-key",
    });
    forgetEnvForTests();
    process.env = {
      ...saved,
      PORTAL_BASE_URL: "https://api.portal.example/",
      PORTAL_MPC_URL: "https://mpc.portal.example",
      PORTAL_CUSTODIAN_API_KEY: "live-key",
      AUTH_SECRET: "s".repeat(40),
      CONSOLE_VAULT_KEY: Buffer.alloc(32, 1).toString("base64"),
    };
    expect(getUpstreamConfig()).toMatchObject({
      mode: "real",
      baseUrl: "https://api.portal.example",
      mpcUrl: "https://mpc.portal.example",
      label: "api.portal.example",
    });
  });

  it("refuses to start against the real upstream without the two secrets", () => {
    process.env = {
      ...saved,
      PORTAL_BASE_URL: "https://a.example",
      PORTAL_MPC_URL: "https://m.example",
      PORTAL_CUSTODIAN_API_KEY: "k",
      AUTH_SECRET: "",
      CONSOLE_VAULT_KEY: "",
    };
    expect(() => getEnv()).toThrow(/AUTH_SECRET: required/);
  });
});
