import { describe, expect, it } from "vitest";
import { PassthroughSigner } from "./passthrough";

const content = {
  yieldId: "ethereum-sepolia-link-sandbox-staking",
  address: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195",
  type: "CLAIM_REWARDS",
  balanceType: "claimable",
};

describe("passthrough", () => {
  const signer = new PassthroughSigner("key-1");
  const passthrough = signer.sign(content);

  it("is opaque base64 JSON (like the provider's), deterministic, and verifies to its content", () => {
    expect(passthrough).toMatch(/^eyJ/);
    expect(signer.sign({ ...content, address: content.address.toUpperCase().replace("0X", "0x") })).toBe(passthrough);
    expect(signer.verify(passthrough)).toEqual(content);
  });

  it("refuses any change, another key's passthrough, and strings it never issued", () => {
    for (let i = 0; i < passthrough.length; i += 7) {
      const flipped = passthrough.slice(0, i) + (passthrough[i] === "A" ? "B" : "A") + passthrough.slice(i + 1);
      expect(signer.verify(flipped), `changed at ${i}`).toBeUndefined();
    }
    const decoded = JSON.parse(Buffer.from(passthrough, "base64").toString()) as Record<string, unknown>;
    const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    expect(signer.verify(reencode({ ...decoded, type: "WITHDRAW" }))).toBeUndefined();
    expect(signer.verify(reencode({ ...decoded, extra: 1 }))).toBeUndefined();
    expect(signer.verify(reencode({ ...decoded, mac: undefined }))).toBeUndefined();
    expect(new PassthroughSigner("key-2").verify(passthrough)).toBeUndefined();
    expect(signer.verify(`${passthrough}\n`)).toBeUndefined();
    for (const junk of ["", "eyJ", "not base64 at all", reencode([1, 2]), reencode(null)])
      expect(signer.verify(junk)).toBeUndefined();
  });
});
