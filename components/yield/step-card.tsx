import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { chainInfo } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";
import type { StepPhase, YieldStepView } from "@/lib/yield/runs";
import { sinceWords, stepTimeline } from "@/lib/yield/step-timeline";
import { enumWords } from "@/lib/yield/words";

const PHASES: Record<StepPhase, { label: string; tone: "neutral" | "accent" | "success" | "danger" | "warning" }> = {
  waiting: { label: "waiting", tone: "neutral" },
  signing: { label: "signing", tone: "accent" },
  broadcast: { label: "broadcast", tone: "accent" },
  reporting: { label: "reporting the hash", tone: "accent" },
  reported: { label: "reported, confirming", tone: "accent" },
  confirmed: { label: "confirmed", tone: "success" },
  failed: { label: "failed", tone: "danger" },
  skipped: { label: "nothing to sign", tone: "neutral" },
};

/** Wei as the chain's native coin, exactly ("0.5 ETH"); "none" for zero. */
function nativeValue(wei: string | null, chainId: string): string {
  if (!wei || wei === "0") return "none";
  const info = chainInfo(chainId);
  const decimals = info?.nativeDecimals ?? 18;
  const padded = wei.padStart(decimals + 1, "0");
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""} ${info?.nativeSymbol ?? ""}`.trim();
}

function Hash({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <span className="text-muted">{label}:</span>
      <span className="font-mono text-xs" title={value} data-testid={testId}>
        {shortAddress(value, 10, 8)}
      </span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/**
 * Each state the step went through and when (UTC): kept on the card, so a chain that confirms in a second
 * still shows that the step was signed, broadcast and reported.
 */
function Timeline({ step }: { step: YieldStepView }) {
  const moments = stepTimeline(step);
  if (moments.length === 0) return null;
  return (
    <ol
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs"
      aria-label={`Step ${step.stepIndex + 1} timeline`}
      data-testid="step-timeline"
    >
      {moments.map((m) => (
        <li key={m.state} data-state={m.state} className="inline-flex items-baseline gap-1">
          <span>{m.state}</span>
          <time dateTime={m.at} className="tabular text-muted">
            {m.at.slice(11, 19)}
          </time>
          {m.sinceMs !== null ? <span className="tabular text-muted">({sinceWords(m.sinceMs)})</span> : null}
        </li>
      ))}
      <li className="text-muted">UTC</li>
    </ol>
  );
}

/** A step as the preview and the live run show it: what it calls, how far it got and when. */
export function StepCard({ step, chainId }: { step: YieldStepView; chainId: string }) {
  const phase = PHASES[step.phase];
  return (
    <li
      className="space-y-2 rounded-lg border border-border bg-surface p-3 text-sm"
      data-testid="run-step"
      data-phase={step.phase}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          Step {step.stepIndex + 1}: {step.title ?? (step.type ? enumWords(step.type) : "transaction")}
        </span>
        {step.type ? <Badge>{enumWords(step.type)}</Badge> : null}
        <Badge tone={phase.tone}>
          {step.phase === "failed" && step.failedPart
            ? step.failedPart === "simulate"
              ? "stopped before signing"
              : `failed at ${step.failedPart}`
            : phase.label}
        </Badge>
      </div>
      {step.to ? (
        <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="inline text-muted">Calls: </dt>
            <dd className="inline font-mono break-all">{step.to}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Value: </dt>
            <dd className="inline tabular">{nativeValue(step.value, chainId)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline text-muted">Call: </dt>
            <dd className="inline font-mono break-all" data-testid="step-call">
              {step.call?.method
                ? `${step.call.method}(${step.call.args.map((a) => `${a.name}: ${a.value}`).join(", ")})`
                : step.call
                  ? `raw data ${shortAddress(step.call.args[0]?.value ?? "", 10, 8)} (ABI not known)`
                  : "no data"}
            </dd>
          </div>
        </dl>
      ) : null}
      {step.nonce || step.transactionHash || step.userOperationHash ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {step.nonce ? (
            <span>
              <span className="text-muted">Nonce:</span> <span className="tabular">{step.nonce}</span>
            </span>
          ) : null}
          {step.userOperationHash ? (
            <Hash label="User operation" value={step.userOperationHash} testId="step-user-operation" />
          ) : null}
          {step.transactionHash ? (
            <Hash label="Transaction" value={step.transactionHash} testId="step-transaction" />
          ) : null}
        </p>
      ) : null}
      <Timeline step={step} />
      {step.error ? (
        <p role="alert" className="text-xs text-danger">
          {step.error}
        </p>
      ) : null}
    </li>
  );
}
