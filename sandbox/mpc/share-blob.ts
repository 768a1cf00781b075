/**
 * The share string handed to the client: base64 of a JSON document shaped like the real service's
 * blobs (api-shapes §3.7: clientId, backupSharePairId, signingSharePairId, share as a decimal integer,
 * ssid, pubkey {X,Y}, partialPubkey), plus the curve and wallet id the sandbox needs to find its half.
 * Callers treat it as opaque; the sandbox checks it against its key store on every use.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Curve } from "../types";
import type { PublicKeyJson, ShareValue } from "./key-shares";

const publicKeySchema = z.object({ X: z.string(), Y: z.string().optional() });

const blobSchema = z.looseObject({
  clientId: z.string().min(1),
  walletId: z.string().min(1),
  curve: z.enum(["SECP256K1", "ED25519"]),
  signingSharePairId: z.string(),
  backupSharePairId: z.string(),
  share: z.string().regex(/^\d{1,80}$/),
  ssid: z.string(),
  pubkey: publicKeySchema,
  partialPubkey: z.object({ client: publicKeySchema, server: publicKeySchema }).optional(),
});

export type ShareBlob = z.infer<typeof blobSchema>;

export interface ShareBlobInput {
  clientId: string;
  walletId: string;
  curve: Curve;
  kind: "signing" | "backup";
  pairId: string;
  share: ShareValue;
  pubkey: PublicKeyJson;
  partialPubkey?: { client: PublicKeyJson; server: PublicKeyJson };
}

export function encodeShare(input: ShareBlobInput): string {
  const blob: ShareBlob = {
    clientId: input.clientId,
    walletId: input.walletId,
    curve: input.curve,
    backupSharePairId: input.kind === "backup" ? input.pairId : "",
    signingSharePairId: input.kind === "signing" ? input.pairId : "",
    share: input.share.toString(10),
    ssid: randomBytes(32).toString("base64"),
    pubkey: input.pubkey,
    ...(input.partialPubkey ? { partialPubkey: input.partialPubkey } : {}),
  };
  return Buffer.from(JSON.stringify(blob)).toString("base64");
}

/** The blob inside a share string, or undefined when it is not one of the sandbox's shares. */
export function decodeShare(text: string): (ShareBlob & { value: ShareValue }) | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  try {
    const parsed = blobSchema.safeParse(JSON.parse(Buffer.from(text, "base64").toString("utf8")));
    return parsed.success ? { ...parsed.data, value: BigInt(parsed.data.share) } : undefined;
  } catch {
    return undefined;
  }
}
