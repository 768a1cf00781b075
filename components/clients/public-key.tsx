"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { DisplayedPublicKey } from "@/lib/clients/public-key";

/**
 * A wallet's public key as wallet software shows it (compressed hex), with the record's raw value
 * one button away. Every control is a button, so the row is usable from the keyboard alone. The
 * server reads the key (lib/clients/public-key.ts, in the client's view); absent means it did not.
 */
export function PublicKey({ displayed, raw }: { displayed: DisplayedPublicKey | undefined; raw: string }) {
  const [showRaw, setShowRaw] = useState(false);
  const rawId = useId();
  const key = displayed ?? { ok: false, reason: "the server did not read it" };
  return (
    <div className="min-w-0 space-y-1">
      {key.ok ? (
        <div className="flex items-start gap-1">
          <code className="min-w-0 font-mono text-xs break-all" data-testid="public-key-hex">
            {key.hex}
          </code>
          <CopyButton value={key.hex} label="public key" />
        </div>
      ) : (
        <p className="text-xs text-warning">The record&apos;s public key cannot be read: {key.reason}.</p>
      )}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {key.ok ? <span className="text-xs text-muted">{key.description}</span> : null}
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-1.5"
          aria-expanded={showRaw}
          aria-controls={rawId}
          onClick={() => setShowRaw((v) => !v)}
        >
          {showRaw ? "Hide raw" : "Show raw"}
        </Button>
      </div>
      <div
        id={rawId}
        hidden={!showRaw}
        role="group"
        aria-label="Raw public key"
        className="flex items-start gap-1 rounded bg-surface-2 p-2"
      >
        <code className="min-w-0 font-mono text-xs break-all">{raw}</code>
        <CopyButton value={raw} label="raw public key" />
      </div>
    </div>
  );
}
