"use client";
import { useRef, useState, type ReactNode } from "react";
import { FileCheck2, ShieldAlert, ShieldCheck, Stamp } from "lucide-react";
import { verifyAuditChain } from "@/server/actions/audit";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";

type Verdict = Extract<Awaited<ReturnType<typeof verifyAuditChain>>, { ok: true }>["data"];

const linkButton =
  "inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2";

/**
 * Verify the chain (optionally against a checkpoint kept outside the console) and download a signed
 * checkpoint of it. A checkpoint is what notices records removed from the end by someone who also
 * rewrote the head row. `children` go first in the same row (the page's export).
 */
export function ChainTools({ children }: { children?: ReactNode }) {
  const [verdict, setVerdict] = useState<Verdict>();
  const fileInput = useRef<HTMLInputElement>(null);
  const verify = useAction(verifyAuditChain, { onSuccess: setVerdict });

  async function verifyAgainst(file: File | undefined) {
    if (!file) return;
    setVerdict(undefined);
    verify.run({ checkpoint: await file.text() });
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <Button
          onClick={() => {
            setVerdict(undefined);
            verify.run({});
          }}
          disabled={verify.pending}
        >
          <ShieldCheck className="size-4" aria-hidden /> {verify.pending ? "Verifying…" : "Verify chain"}
        </Button>
        <label className={`${linkButton} cursor-pointer focus-within:outline-2 focus-within:outline-[var(--ring)]`}>
          <FileCheck2 className="size-4" aria-hidden /> Verify against a checkpoint…
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(e) => void verifyAgainst(e.target.files?.[0])}
          />
        </label>
        <a className={linkButton} href="/api/audit/checkpoint" download>
          <Stamp className="size-4" aria-hidden /> Download checkpoint
        </a>
      </div>
      {verdict ? (
        verdict.ok ? (
          <p role="status" className="flex items-center gap-1.5 text-sm text-success" data-testid="chain-verdict">
            <ShieldCheck className="size-4" aria-hidden /> Chain intact: {verdict.count} records verified
            {verdict.checkpoint
              ? `, matching the checkpoint of ${verdict.checkpoint.at.replace("T", " ").slice(0, 16)} UTC (${verdict.checkpoint.count} records)`
              : ""}
            .
          </p>
        ) : (
          <p role="alert" className="flex items-center gap-1.5 text-sm text-danger" data-testid="chain-verdict">
            <ShieldAlert className="size-4" aria-hidden /> {verdict.message}
          </p>
        )
      ) : null}
    </div>
  );
}
