"use client";
import { FileCheck2, ShieldAlert, ShieldCheck, Stamp } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { saveFile } from "@/components/ui/save-file";
import { utc } from "@/lib/shared/format";
import { queryKeys } from "@/lib/shared/query-keys";
import { createAuditCheckpoint, verifyAuditChain } from "@/server/actions/audit";
import { LastVerifiedLine } from "./last-verified";

type Verdict = Extract<Awaited<ReturnType<typeof verifyAuditChain>>, { ok: true }>["data"];

const linkButton =
  "inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2";

const range = (from: number, to: number | null) =>
  to === null ? `#${from} onwards` : from === to ? `#${from}` : `#${from}–#${to}`;

function VerdictLine({ verdict }: { verdict: Verdict }) {
  if (!verdict.ok)
    return (
      <div role="alert" className="space-y-2 text-sm" data-testid="chain-verdict">
        <p className="flex items-start gap-1.5 font-medium text-danger">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {verdict.message}
        </p>
        {verdict.missing ? (
          <p className="pl-6 text-xs text-danger" data-testid="chain-missing">
            Missing: records {range(verdict.missing.fromSeq, verdict.missing.toSeq)}
            {verdict.missing.after
              ? `, everything after #${verdict.missing.after.seq} (${utc(verdict.missing.after.at)})`
              : ""}
            .
          </p>
        ) : null}
        <div className="ml-6 space-y-1 rounded border border-border bg-surface-2 p-3 text-xs" data-testid="chain-next">
          <p className="font-medium">New actions are paused until an operator acknowledges this.</p>
          <p>The console records nothing more, and so does nothing more, on top of a damaged log. What to do next:</p>
          <ol className="list-decimal space-y-0.5 pl-4">
            <li>
              Find out what happened: a database restore, a change by someone with database access. Compare with a
              checkpoint kept outside the console (Verify against a checkpoint…).
            </li>
            <li>If the missing or changed records are in a backup, put them back and verify again.</li>
            <li>
              Then, on the server, record the finding and the reason:{" "}
              <code className="break-all">
                npm run audit:acknowledge -- --reason &quot;TICKET-1: what happened&quot; --confirm
              </code>
              . The acknowledgement stays in the log for good.
            </li>
          </ol>
        </div>
      </div>
    );
  const against = [
    verdict.checkpointsChecked > 0
      ? `${verdict.checkpointsChecked === 1 ? "the checkpoint" : `all ${verdict.checkpointsChecked} checkpoints`} in the checkpoint directory${verdict.anchor ? ` (the newest of ${utc(verdict.anchor.at)}, #${verdict.anchor.lastSeq})` : ""}`
      : null,
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
      {verdict.keyEpoch > 1 ? (
        <p className="pl-6 text-xs text-muted">
          Sealed under key epoch {verdict.keyEpoch}: the vault key was rotated {verdict.keyEpoch - 1} time
          {verdict.keyEpoch === 2 ? "" : "s"}, each rotation on record in the chain.
        </p>
      ) : null}
      {verdict.acknowledged.map((a) => (
        <p key={a.seq} className="pl-6 text-xs text-warning" data-testid="chain-acknowledged">
          Record #{a.seq}: on {utc(a.at)}, {a.by ?? "an operator"} acknowledged damage found then (“{a.finding}”) with
          the reason “{a.reason}”. The chain verifies past exactly that break.
        </p>
      ))}
      {verdict.closedChains.map((c) => (
        <p key={c.chainId} className="pl-6 text-xs text-muted" data-testid="chain-closed">
          The checkpoint directory also holds chain {c.chainId.slice(0, 8)}…, closed on {utc(c.closedAt)} after{" "}
          {c.count} records:{" "}
          {c.reason === "moved"
            ? "it was closed before the console moved to a new database."
            : "its log and keys were lost, and an operator acknowledged it."}
        </p>
      ))}
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
  const verify = useAction(verifyAuditChain, { onSuccess: setVerdict, invalidate: [queryKeys.audit.lastVerified()] });
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
      <LastVerifiedLine />
      {after}
    </div>
  );
}
