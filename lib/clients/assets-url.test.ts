import { describe, expect, it } from "vitest";
import { assetsChainFromUrl } from "./assets-url";

describe("assets chain in the URL", () => {
  it("reads a shortcut or an id as the id", () => {
    expect(assetsChainFromUrl("sepolia")).toEqual({ chainId: "eip155:11155111" });
    expect(assetsChainFromUrl("eip155:11155111")).toEqual({ chainId: "eip155:11155111" });
    expect(assetsChainFromUrl("base-sepolia")).toEqual({ chainId: "eip155:84532" });
  });

  it("gives nothing for no value, and returns anything else as rejected (cut to 80 characters)", () => {
    expect(assetsChainFromUrl(null)).toEqual({});
    expect(assetsChainFromUrl("")).toEqual({});
    expect(assetsChainFromUrl("polygon-mumbai")).toEqual({ rejected: "polygon-mumbai" });
    expect(assetsChainFromUrl("x".repeat(500)).rejected).toHaveLength(80);
  });
});
