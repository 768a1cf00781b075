import { describe, expect, it } from "vitest";
import { ConfigError, consoleEnvSchema, parseEnv, sandboxEnvSchema } from "./config";

describe("console configuration", () => {
  it("applies the defaults of DESIGN.md's interface", () => {
    const env = parseEnv(consoleEnvSchema, {});
    expect(env).toMatchObject({
      PORT: 3000,
      SANDBOX_PORT: 4010,
      SANDBOX_MPC_PORT: 4011,
      SANDBOX_CUSTODIAN_API_KEY: "sandbox-custodian-key",
      YIELD_PROVIDER_SEGMENT: "yield-provider",
      CUSTODIAN_RATE_LIMIT: 200,
      CONSOLE_BACKGROUND_RATE_SHARE: 0.7,
      CONSOLE_EXPORT_TTL_HOURS: 24,
    });
    expect(env.CONSOLE_EXPORT_DIR).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORTAL_BASE_URL).toBeUndefined();
  });

  it("accepts good values and strips a trailing slash from URLs", () => {
    const env = parseEnv(consoleEnvSchema, {
      PORT: "8080",
      PORTAL_BASE_URL: "https://api.example.com/",
      PORTAL_MPC_URL: "https://mpc.example.com",
      PORTAL_CUSTODIAN_API_KEY: "k",
      AUTH_SECRET: "x".repeat(40),
      CONSOLE_VAULT_KEY: Buffer.alloc(32, 7).toString("base64"),
      DATABASE_URL: "postgres://u@h/db",
    });
    expect(env.PORT).toBe(8080);
    expect(env.PORTAL_BASE_URL).toBe("https://api.example.com");
  });

  it.each([
    [{ PORT: "abc" }, /PORT: expected a whole number between 1 and 65535 \(got "abc"\)/],
    [{ PORT: "70000" }, /PORT: expected at most 65535/],
    [{ PORTAL_BASE_URL: "ftp://x" }, /PORTAL_BASE_URL: expected an http\(s\) URL/],
    [{ PORTAL_BASE_URL: "https://api.example.com" }, /PORTAL_MPC_URL: required when PORTAL_BASE_URL is set/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: expected a postgres:\/\/ connection URL/],
    [{ CONSOLE_VAULT_KEY: "short" }, /CONSOLE_VAULT_KEY: expected 32 bytes, base64-encoded/],
    [{ CONSOLE_ADMIN_PASSWORD: "short" }, /CONSOLE_ADMIN_PASSWORD: expected at least 12 characters/],
    [{ OIDC_ROLE_EMAILS: "a@b.c=root" }, /OIDC_ROLE_EMAILS: expected email=role pairs/],
    [{ OIDC_ISSUER: "https://id.example.com" }, /OIDC_CLIENT_ID: required when any OIDC_ variable is set/],
    [{ CONSOLE_BACKGROUND_RATE_SHARE: "0" }, /CONSOLE_BACKGROUND_RATE_SHARE: expected a share above 0 and at most 1/],
    [{ CONSOLE_BACKGROUND_RATE_SHARE: "1.5" }, /CONSOLE_BACKGROUND_RATE_SHARE: expected a share above 0/],
    [{ CONSOLE_BACKGROUND_RATE_SHARE: "70%" }, /CONSOLE_BACKGROUND_RATE_SHARE: expected a share/],
    [{ CONSOLE_EXPORT_TTL_HOURS: "0" }, /CONSOLE_EXPORT_TTL_HOURS: expected at least 1/],
  ])("rejects %j with a message naming the variable", (source, message) => {
    expect(() => parseEnv(consoleEnvSchema, source)).toThrow(ConfigError);
    expect(() => parseEnv(consoleEnvSchema, source)).toThrow(message);
  });

  it("reads the background share of the rate limit and where exports live, and for how long", () => {
    expect(
      parseEnv(consoleEnvSchema, {
        CONSOLE_BACKGROUND_RATE_SHARE: "0.5",
        CONSOLE_EXPORT_DIR: "/srv/shared/exports",
        CONSOLE_EXPORT_TTL_HOURS: "72",
      }),
    ).toMatchObject({
      CONSOLE_BACKGROUND_RATE_SHARE: 0.5,
      CONSOLE_EXPORT_DIR: "/srv/shared/exports",
      CONSOLE_EXPORT_TTL_HOURS: 72,
    });
    expect(parseEnv(consoleEnvSchema, { CONSOLE_BACKGROUND_RATE_SHARE: "1" }).CONSOLE_BACKGROUND_RATE_SHARE).toBe(1);
    expect(parseEnv(consoleEnvSchema, { CONSOLE_BACKGROUND_RATE_SHARE: ".25" }).CONSOLE_BACKGROUND_RATE_SHARE).toBe(
      0.25,
    );
  });

  it("reads how long shared reads are cached, 0 turning the cache off, with a message naming what it expects", () => {
    expect(parseEnv(consoleEnvSchema, {}).CONSOLE_SHARED_READ_TTL_MS).toBe(5000);
    expect(parseEnv(consoleEnvSchema, { CONSOLE_SHARED_READ_TTL_MS: "0" }).CONSOLE_SHARED_READ_TTL_MS).toBe(0);
    expect(parseEnv(consoleEnvSchema, { CONSOLE_SHARED_READ_TTL_MS: "2500" }).CONSOLE_SHARED_READ_TTL_MS).toBe(2500);
    for (const bad of ["5s", "-1", "1.5"])
      expect(() => parseEnv(consoleEnvSchema, { CONSOLE_SHARED_READ_TTL_MS: bad })).toThrow(
        /CONSOLE_SHARED_READ_TTL_MS: expected milliseconds as a whole number from 0 \(no cache\) to 600000/,
      );
    expect(() => parseEnv(consoleEnvSchema, { CONSOLE_SHARED_READ_TTL_MS: "600001" })).toThrow(
      /CONSOLE_SHARED_READ_TTL_MS: expected at most 600000 ms/,
    );
  });

  it("requires AUTH_SECRET and CONSOLE_VAULT_KEY with a real upstream", () => {
    expect(() =>
      parseEnv(consoleEnvSchema, {
        PORTAL_BASE_URL: "https://a.io",
        PORTAL_MPC_URL: "https://m.io",
        PORTAL_CUSTODIAN_API_KEY: "k",
      }),
    ).toThrow(/AUTH_SECRET: required when the console talks to the real upstream[\s\S]*CONSOLE_VAULT_KEY/);
  });

  const real = {
    PORTAL_CUSTODIAN_API_KEY: "k",
    AUTH_SECRET: "x".repeat(40),
    CONSOLE_VAULT_KEY: Buffer.alloc(32, 7).toString("base64"),
  };

  it("refuses a real upstream over plain http unless it is on this machine", () => {
    expect(() =>
      parseEnv(consoleEnvSchema, {
        ...real,
        PORTAL_BASE_URL: "http://api.example.com",
        PORTAL_MPC_URL: "https://m.io",
      }),
    ).toThrow(/PORTAL_BASE_URL: expected an https:\/\/ URL/);
    expect(() =>
      parseEnv(consoleEnvSchema, { ...real, PORTAL_BASE_URL: "https://a.io", PORTAL_MPC_URL: "http://10.0.0.5:4011" }),
    ).toThrow(/PORTAL_MPC_URL: expected an https:\/\/ URL/);
    // The scheme is case-insensitive: an upper- or mixed-case http is still plain http.
    for (const scheme of ["HTTP", "Http", "hTtP"])
      expect(() =>
        parseEnv(consoleEnvSchema, {
          ...real,
          PORTAL_BASE_URL: `${scheme}://api.example.com`,
          PORTAL_MPC_URL: "https://m.io",
        }),
      ).toThrow(/PORTAL_BASE_URL: expected an https:\/\/ URL/);
    expect(
      parseEnv(consoleEnvSchema, { ...real, PORTAL_BASE_URL: "HTTPS://a.io", PORTAL_MPC_URL: "HTTP://127.0.0.1:4011" })
        .PORTAL_MPC_URL,
    ).toMatch(/^http:\/\/127\.0\.0\.1:4011$/i);
    for (const host of ["127.0.0.1:4010", "localhost:4010", "[::1]:4010"])
      expect(
        parseEnv(consoleEnvSchema, { ...real, PORTAL_BASE_URL: `http://${host}`, PORTAL_MPC_URL: `http://${host}` })
          .PORTAL_BASE_URL,
      ).toBe(`http://${host}`);
  });

  it("will not run a production console against the sandbox unless told to", () => {
    expect(() => parseEnv(consoleEnvSchema, { NODE_ENV: "production" })).toThrow(/CONSOLE_ALLOW_SANDBOX=1/);
    expect(
      parseEnv(consoleEnvSchema, { NODE_ENV: "production", CONSOLE_ALLOW_SANDBOX: "1" }).CONSOLE_ALLOW_SANDBOX,
    ).toBe(true);
    expect(
      parseEnv(consoleEnvSchema, {
        ...real,
        NODE_ENV: "production",
        PORTAL_BASE_URL: "https://a.io",
        PORTAL_MPC_URL: "https://m.io",
      }).NODE_ENV,
    ).toBe("production");
  });

  it("never prints the value of a secret variable", () => {
    try {
      parseEnv(consoleEnvSchema, { AUTH_SECRET: "tooshort-secret-value" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain("AUTH_SECRET");
      expect(String(error)).not.toContain("tooshort-secret-value");
    }
  });
});

describe("sandbox configuration", () => {
  it("applies defaults", () => {
    expect(parseEnv(sandboxEnvSchema, {})).toEqual({
      SANDBOX_PORT: 4010,
      SANDBOX_MPC_PORT: 4011,
      SANDBOX_CUSTODIAN_API_KEY: "sandbox-custodian-key",
      SANDBOX_SEED_CLIENTS: 250,
      SANDBOX_SEED_EVENTS: 5000,
      SANDBOX_LATENCY_MS: 0,
      SANDBOX_FAULT_RATE: 0,
      SANDBOX_RATE_LIMIT: undefined,
      SANDBOX_BLOCK_TIME_MS: 0,
      SANDBOX_RETRY_SCALE: 1,
      SANDBOX_REORG_RATE: 0,
      SANDBOX_CONFIRMATION_MS: undefined,
      SANDBOX_YIELD_STALE_MS: undefined,
      SANDBOX_MANAGED_BACKUPS: true,
      SANDBOX_DATA_DIR: ".data/sandbox",
      SANDBOX_CONTROL: false,
      YIELD_PROVIDER_SEGMENT: "yield-provider",
    });
  });

  it("parses knobs", () => {
    expect(
      parseEnv(sandboxEnvSchema, {
        SANDBOX_FAULT_RATE: "0.25",
        SANDBOX_RATE_LIMIT: "60",
        SANDBOX_MANAGED_BACKUPS: "off",
      }),
    ).toMatchObject({ SANDBOX_FAULT_RATE: 0.25, SANDBOX_RATE_LIMIT: 60, SANDBOX_MANAGED_BACKUPS: false });
    expect(parseEnv(sandboxEnvSchema, { SANDBOX_RATE_LIMIT: "off" }).SANDBOX_RATE_LIMIT).toBeUndefined();
    expect(
      parseEnv(sandboxEnvSchema, {
        SANDBOX_RETRY_SCALE: "0.001",
        SANDBOX_REORG_RATE: "0.1",
        SANDBOX_CONFIRMATION_MS: "500",
      }),
    ).toMatchObject({ SANDBOX_RETRY_SCALE: 0.001, SANDBOX_REORG_RATE: 0.1, SANDBOX_CONFIRMATION_MS: 500 });
    expect(parseEnv(sandboxEnvSchema, { SANDBOX_RETRY_SCALE: "off" }).SANDBOX_RETRY_SCALE).toBe(0);
  });

  it.each([
    [{ SANDBOX_FAULT_RATE: "1.5" }],
    [{ SANDBOX_RATE_LIMIT: "-1" }],
    [{ SANDBOX_MANAGED_BACKUPS: "maybe" }],
    [{ SANDBOX_SEED_EVENTS: "9000000" }],
    [{ SANDBOX_RETRY_SCALE: "2" }],
    [{ SANDBOX_REORG_RATE: "-0.1" }],
    [{ SANDBOX_CONFIRMATION_MS: "soon" }],
    [{ YIELD_PROVIDER_SEGMENT: "Yield/Provider" }],
  ])("rejects %j", (source) => {
    expect(() => parseEnv(sandboxEnvSchema, source)).toThrow(ConfigError);
  });
});
