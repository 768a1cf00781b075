import { describe, expect, it } from "vitest";
import { transferChains } from "./transfer-chains";

const client = (families: string[]) => ({
  metadata: { namespaces: Object.fromEntries(families.map((f) => [f, { address: "x" }])) },
});

describe("transferChains", () => {
  it("leaves out what the sandbox cannot build and says why", () => {
    const { offered, notOffered } = transferChains(
      client(["eip155", "solana", "bip122", "tron", "stellar"]) as never,
      "sandbox",
    );
    expect(offered.some((id) => id.startsWith("tron:") || id.startsWith("stellar:"))).toBe(false);
    expect(offered).toContain("eip155:11155111");
    expect(notOffered.map((n) => n.family)).toEqual(["tron", "stellar"]);
    expect(notOffered[0]!.reason).toContain("cannot build Tron");
  });

  it("offers Tron on the real upstream when the client has a Tron wallet, not without one", () => {
    expect(transferChains(client(["eip155", "tron"]) as never, "real").offered).toContain("tron:mainnet");
    const none = transferChains(client(["eip155"]) as never, "real");
    expect(none.offered).not.toContain("tron:mainnet");
    expect(none.notOffered.find((n) => n.family === "tron")!.reason).toBe("this client has no Tron wallet yet");
  });
});
