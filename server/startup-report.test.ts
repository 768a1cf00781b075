import { describe, expect, it } from "vitest";
import { reportStartup } from "./startup-report";

const started = { adminEmail: "root@example.com", created: false, database: "pglite" as const };

function report(mode: "sandbox" | "real", production: boolean) {
  const printed: string[] = [];
  const logged: unknown[] = [];
  reportStartup(
    started,
    { mode, label: mode === "sandbox" ? "embedded sandbox" : "https://api.example.com" },
    {
      log: { info: (...args: unknown[]) => logged.push(args) } as never,
      stdout: { write: (text: string) => printed.push(text) },
      production,
    },
  );
  return printed.join("");
}

describe("what the console says at start-up about its upstream", () => {
  it("a production console on the sandbox says so on stdout, naming the switch that allowed it", () => {
    expect(report("sandbox", true)).toMatch(/embedded sandbox \(CONSOLE_ALLOW_SANDBOX=1\), not the real service/);
  });

  it("says nothing of the kind on the real service, nor in development", () => {
    expect(report("real", true)).not.toMatch(/sandbox/i);
    expect(report("sandbox", false)).not.toMatch(/sandbox/i);
  });
});
