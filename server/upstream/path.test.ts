import { describe, expect, it } from "vitest";
import { InvalidRequestError } from "./errors";
import { chainSegment, fillPath, path } from "./path";

describe("path tag", () => {
  it("percent-encodes each interpolated segment", () => {
    expect(path`/chains/${"eip155:1"}/assets`).toBe("/chains/eip155%3A1/assets");
    expect(path`/clients/${"a/b?c#d"}`).toBe("/clients/a%2Fb%3Fc%23d");
    expect(path`/blocks/${7313326}`).toBe("/blocks/7313326");
    expect(path`/x/${"%2e%2e"}`).toBe("/x/%252e%252e");
  });

  it.each(["..", ".", ""])("rejects %j", (segment) => {
    expect(() => path`/clients/${segment}/wallets`).toThrow(InvalidRequestError);
  });

  it("keeps literal parts untouched", () => {
    expect(path`/api/v3/custodians/me/clients`).toBe("/api/v3/custodians/me/clients");
  });
});

describe("fillPath", () => {
  it("fills registry templates with the same encoding", () => {
    expect(fillPath("/clients/{clientId}/wallets/{walletId}", { clientId: "c 1", walletId: "w:1" })).toBe(
      "/clients/c%201/wallets/w%3A1",
    );
  });

  it("names the bad or missing parameter", () => {
    try {
      fillPath("/clients/{clientId}", { clientId: ".." });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).fieldPath).toBe("clientId");
    }
    expect(() => fillPath("/clients/{clientId}", {})).toThrow(/clientId is missing/);
  });

  it("takes chain segments encoded by the chain rule", () => {
    expect(fillPath("/gas-sponsors/chains/{chainId}/usage", { chainId: chainSegment("eip155:11155111") })).toBe(
      "/gas-sponsors/chains/eip155%3A11155111/usage",
    );
    expect(() => chainSegment("..")).toThrow(InvalidRequestError);
  });
});
