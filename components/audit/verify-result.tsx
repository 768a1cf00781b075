import { CircleCheck, CircleX, Info, ShieldAlert, ShieldCheck, ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import type { Verdict } from "@/lib/evidence/trust";
import { cn } from "@/lib/shared/utils";
import type { Outcome } from "./verify-run";

/** Where a reviewer reads how to obtain and pin the console's key outside the console. */
export const VERIFYING_DOC = "docs/security-verifying.md";

const Docs = () => <code className="text-xs [overflow-wrap:anywhere]">{VERIFYING_DOC}</code>;

/**
 * The verdict in words. Only a key the reviewer brought earns "Verified": the keys this console serves
 * are what a console nobody should have to trust says of itself, so against them the page says "intact".
 */
function words(verdict: Verdict): { title: string; detail: ReactNode } {
  switch (verdict.kind) {
    case "verified":
      return {
        title: `Verified against the key you gave (${verdict.keyId})`,
        detail: "The document is intact and was signed by the key you brought, not one this console chose for you.",
      };
    case "integrity-only":
      return {
        title: "Intact, but not verified against a key you trust",
        detail: (
          <>
            The document is intact and signed by {verdict.keyId}, a key this console currently publishes. Not verified
            against a key you trust: to verify independently, give the public key you pinned (see <Docs />
            ).
          </>
        ),
      };
    case "failed":
      return {
        title: verdict.by === "reviewer" ? "Not verified against the key you gave" : "Not verified",
        detail:
          [
            verdict.signer
              ? `It was signed by ${verdict.signer}, which is ${verdict.by === "reviewer" ? "not the key you gave" : "not a key this console publishes"}.`
              : "",
            verdict.differs.length > 0 ? `Not as it should be: ${verdict.differs.join(", ")} (marked below).` : "",
          ]
            .filter(Boolean)
            .join(" ") || "Nothing could be checked.",
      };
  }
}

const TONE = {
  verified: { text: "text-success", border: "border-l-success", Icon: ShieldCheck },
  "integrity-only": { text: "text-warning", border: "border-l-warning", Icon: ShieldAlert },
  failed: { text: "text-danger", border: "border-l-danger", Icon: ShieldX },
} as const;

export function VerifyResult({ outcome }: { outcome: Outcome }) {
  const { verdict } = outcome;
  const { title, detail } = words(verdict);
  const tone = TONE[verdict.kind];
  return (
    <section
      aria-labelledby="verify-result"
      className={cn("space-y-3 rounded-lg border border-l-4 border-border bg-surface p-4", tone.border)}
      data-testid="verify-result"
      data-verdict={verdict.kind}
    >
      <h2 id="verify-result" className={cn("flex items-start gap-2 font-semibold", tone.text)}>
        <tone.Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
        <span className="min-w-0 [overflow-wrap:anywhere]">{title}</span>
      </h2>
      <p className="text-sm" data-testid="verify-verdict">
        {detail}
      </p>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">{outcome.summary}</p>
      {outcome.note ? (
        <p className="flex items-start gap-2 text-sm" data-testid="verify-note">
          <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <strong>Note:</strong> {outcome.note}
          </span>
        </p>
      ) : null}
      <ul className="space-y-2 text-sm">
        {outcome.checks.map((check) => (
          <li key={check.label} className="flex items-start gap-2" data-check={check.label} data-ok={check.ok}>
            {check.ok ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-label="passed" />
            ) : (
              <CircleX className="mt-0.5 size-4 shrink-0 text-danger" aria-label="failed" />
            )}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <strong>{check.label}:</strong> {check.detail}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
