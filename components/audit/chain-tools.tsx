"use client";
import { FileCheck2, ShieldAlert, ShieldCheck, Stamp } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { saveFile } from "@/components/ui/save-file";
import { utc } from "@/lib/shared/format";
import { createAuditCheckpoint, verifyAuditChain } from "@/server/actions/audit";

type Verdict = Extract<Awaited<ReturnType<typeof verifyAuditChain>>, { ok: true }>["data"];

const linkButton =
  "inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2";

const range = (from: number, to: number | null) =>
  to === null ? `#${from} onwards` : from === to ? `#${from}` : `#${from}–#${to}`;

function VerdictLine({ verdict }: { verdict: Verdict }) {
  if (!verdict.ok)
    return (
      <div role="alert" className="space-y-1 text-sm text-danger" data-testid="chain-verdict">
        <p className="flex items-start gap-1.5">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {verdict.message}
        </p>
        {verdict.missing ? (
          <p className="pl-6 text-xs" data-testid="chain-missing">
            Missing: records {range(verdict.missing.fromSeq, verdict.missing.toSeq)}
            {verdict.missing.after
              ? `, everything after #${verdict.missing.after.seq} (${utc(verdict.missing.after.at)})`
              : ""}
            .
          </p>
        ) : null}
      </div>
    );
  const against = [
    verdict.anchor ? `the automatic checkpoint of ${utc(verdict.anchor.at)} (#${verdict.anchor.lastSeq})` : null,
    verdict.checkpoint
      ? `the checkpoint you gave, of ${utc(verdict.checkpoint.at)} (${verdict.checkpoint.count} records)`
      : null,
  ].filter(Boolean);
  return (
    <div role="status" className="space-y-1 text-sm" data-testid="chain-verdict">
      <p className="flex items-start gap-1.5 text-success">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Chain intact: {verdict.count} records verified, and the sealed head agrees
          {against.length > 0 ? `, matching ${against.join(" and ")}` : ""}.
        </span>
      </p>
      {verdict.acknowledged.map((a) => (
        <p key={a.seq} className="pl-6 text-xs text-warning" data-testid="chain-acknowledged">
          Record #{a.seq}: on {utc(a.at)}, {a.by ?? "an operator"} acknowledged damage found then (“{a.finding}”) with
          the reason “{a.reason}”. The chain verifies past exactly that break.
        </p>
      ))}
      {verdict.otherChains > 0 ? (
        <p className="pl-6 text-xs text-warning">
          The checkpoint directory also holds checkpoints of {verdict.otherChains} other audit chain
          {verdict.otherChains === 1 ? "" : "s"}: expected only after moving to a new database; otherwise a log whose
          records and keys were removed left them there.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Verify the chain (against the sealed head, the newest checkpoint in the checkpoint directory, and
 * optionally a checkpoint kept elsewhere) and download a signed checkpoint of it. `children` go first
 * in the same row (the page's export), `after` below the verdict (the exports).
 */
export function ChainTools({ children, after }: { children?: ReactNode; after?: ReactNode }) {
  const [verdict, setVerdict] = useState<Verdict>();
  const fileInput = useRef<HTMLInputElement>(null);
  const verify = useAction(verifyAuditChain, { onSuccess: setVerdict });
  const checkpoint = useAction(createAuditCheckpoint, {
    errors: "inline",
    onSuccess: (made) => saveFile(made.fileName, `${JSON.stringify(made.checkpoint, null, 2)}\n`),
  });

  async function verifyAgainst(file: File | undefined) {
    if (!file) return;
    setVerdict(undefined);
    verify.run({ checkpoint: await file.text() });
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <div className="space-y-2">
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
        <Button onClick={() => checkpoint.run({})} disabled={checkpoint.pending}>
          <Stamp className="size-4" aria-hidden /> {checkpoint.pending ? "Signing…" : "Download checkpoint"}
        </Button>
      </div>
      <FormError message={checkpoint.formError} />
      {verdict ? <VerdictLine verdict={verdict} /> : null}
      {after}
    </div>
  );
}
