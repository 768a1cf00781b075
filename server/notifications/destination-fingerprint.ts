import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "@/server/db";
import { vaultGetText, vaultPutIfAbsent } from "@/server/vault";

/**
 * A keyed fingerprint of the destination URL, kept in its audit record: the record cannot hold the URL (its
 * path or query may be the receiver's credential), and the origin it shows is the same for every Slack
 * webhook. With it the page and every pass can tell the URL the newest record set from an older one put
 * back into the vault from a backup (sealed and genuine, so the vault alone cannot tell). The key is random,
 * made once and held only in the vault; without it a fingerprint says nothing about the URL.
 */
const KEY_AT = { purpose: "notify-destination-fingerprint", subject: "console" };

/** The fingerprint of `url`, the key made first if there is none (only the act that sets a destination). */
export async function newDestinationFingerprint(db: Db, url: string): Promise<string> {
  await vaultPutIfAbsent(db, KEY_AT, randomBytes(32).toString("base64url"));
  const fingerprint = await destinationFingerprint(db, url);
  if (fingerprint === undefined) throw new Error("the destination's fingerprint key could not be kept in the vault");
  return fingerprint;
}

/** The fingerprint of `url`; undefined when the key is gone (deleted outside the console: nothing matches). */
export async function destinationFingerprint(db: Db, url: string): Promise<string | undefined> {
  const key = await vaultGetText(db, KEY_AT);
  return key === undefined ? undefined : createHmac("sha256", key).update(url).digest("hex").slice(0, 32);
}
