"use client";
import { useQuery } from "@tanstack/react-query";
import { Download, KeyRound } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { saveFile } from "@/components/ui/save-file";
import { signingKeysUrl } from "@/lib/audit/routes";
import { ed25519PublicKeyPem } from "@/lib/evidence/pem";
import type { PublishedKey } from "@/lib/evidence/signature";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** Every key with its PEM, as one file a reviewer keeps outside the console. */
function keysFile(keys: PublishedKey[]): string {
  return `${JSON.stringify(
    {
      about:
        "Ed25519 public keys of a Custodian Console's evidence (export manifests, audit checkpoints). A document is signed over the RFC 8785 canonical JSON of itself without its `signature` member.",
      keys: keys.map((k) => ({ ...k, publicKeyPem: ed25519PublicKeyPem(k.publicKey) })),
    },
    null,
    2,
  )}\n`;
}

/** The console's public signing key (and retired ones), to download and keep, and the way to the verify page. */
export function SigningKeys() {
  const keys = useQuery({
    queryKey: queryKeys.audit.signingKeys(),
    queryFn: () => fetchJson<{ keys: PublishedKey[] }>(signingKeysUrl()),
  });
  const all = keys.data?.keys ?? [];
  const current = all.find((k) => k.retiredAt === null);
  const retired = all.filter((k) => k.retiredAt !== null);
  return (
    <section
      aria-labelledby="signing-key-heading"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-surface p-3 text-sm"
    >
      <h2 id="signing-key-heading" className="flex items-center gap-1.5 font-semibold">
        <KeyRound className="size-4" aria-hidden /> Evidence signing key
      </h2>
      {keys.isError ? (
        <span role="alert" className="text-xs text-danger">
          The signing key could not be read: {keys.error.message}
        </span>
      ) : current ? (
        <>
          <span className="inline-flex min-w-0 items-center gap-1 font-mono text-xs" data-testid="signing-key-id">
            {current.keyId}
            <CopyButton value={current.publicKey} label="public key (hex)" />
          </span>
          <span className="text-xs text-muted">
            since <time dateTime={current.createdAt}>{utc(current.createdAt)}</time>
            {retired.length > 0 ? `; ${retired.length} retired key${retired.length === 1 ? "" : "s"} still listed` : ""}
          </span>
          <span className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => saveFile("custodian-console-signing-keys.json", keysFile(all))}>
              <Download className="size-3.5" aria-hidden /> Public keys (JSON)
            </Button>
            <Button
              size="sm"
              onClick={() =>
                saveFile(
                  "custodian-console-signing-key.pem",
                  ed25519PublicKeyPem(current.publicKey),
                  "application/x-pem-file",
                )
              }
            >
              <Download className="size-3.5" aria-hidden /> Current key (PEM)
            </Button>
            <Link
              href="/audit/verify"
              className="inline-flex h-8 items-center rounded border border-border px-2.5 text-xs font-medium hover:bg-surface-2"
            >
              Verify an export or checkpoint…
            </Link>
          </span>
        </>
      ) : (
        <span className="text-xs text-muted">Reading…</span>
      )}
    </section>
  );
}
