/**
 * The opaque passthrough of a pending action: base64 of JSON naming what the action acts on (yield,
 * address, action type, balance type), with an HMAC-SHA256 over that content keyed by a secret of the
 * sandbox. It comes back unchanged in POST /actions/manage; any other string (edited, truncated, made
 * up, another balance's) fails verification. It is deterministic, so reading balances twice gives the
 * same passthrough, and it stays valid across restarts as long as the key does.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface PassthroughContent {
  yieldId: string;
  /** Lower-case address. */
  address: string;
  /** The pending action's type (CLAIM_REWARDS, WITHDRAW…). */
  type: string;
  /** The balance it belongs to (claimable, withdrawable…). */
  balanceType: string;
}

const FIELDS = ["yieldId", "address", "type", "balanceType"] as const;

export class PassthroughSigner {
  constructor(private readonly key: string) {}

  sign(content: PassthroughContent): string {
    const ordered = {
      v: 1,
      yieldId: content.yieldId,
      address: content.address.toLowerCase(),
      type: content.type,
      balanceType: content.balanceType,
    };
    return Buffer.from(JSON.stringify({ ...ordered, mac: this.mac(ordered) })).toString("base64");
  }

  /** The content of an intact passthrough this signer issued, or undefined. */
  verify(passthrough: string): PassthroughContent | undefined {
    let parsed: unknown;
    try {
      const text = Buffer.from(passthrough, "base64").toString("utf8");
      // Base64 decoding ignores stray characters; re-encoding must give the very same string.
      if (Buffer.from(text).toString("base64") !== passthrough) return undefined;
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (parsed === null || typeof parsed !== "object") return undefined;
    const { v, mac, ...rest } = parsed as Record<string, unknown>;
    if (
      v !== 1 ||
      typeof mac !== "string" ||
      !FIELDS.every((f) => typeof rest[f] === "string") ||
      Object.keys(rest).length !== FIELDS.length
    )
      return undefined;
    const content = rest as unknown as PassthroughContent;
    const expected = Buffer.from(this.mac({ v, ...content }));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? content : undefined;
  }

  private mac(content: Record<string, unknown>): string {
    return createHmac("sha256", this.key).update(JSON.stringify(content)).digest("base64url");
  }
}
