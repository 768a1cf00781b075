"use client";
import { useState, type FormEvent } from "react";
import { decodeFunctionData, erc20Abi, formatUnits } from "viem";
import { Download, FileWarning } from "lucide-react";
import { buildTransfer } from "@/server/actions/clients";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, Input } from "@/components/ui/field";
import { buildTransferSchema } from "@/lib/clients";
import { chainFamily, chainLabel, resolveAssetsChain, resolveBuildTransactionChain } from "@/lib/chains";
import type { Client } from "@/lib/contracts";
import { describeError } from "@/lib/result";
import { ChainPicker } from "./chain-picker";

type Built = { chain: string; result: Record<string, unknown> };

export function TransferTab({ client }: { client: Client }) {
  const [chain, setChain] = useState("sepolia");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [built, setBuilt] = useState<Built>();
  const chainId = resolveBuildTransactionChain(chain);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      clientId: client.id,
      chain,
      to: String(form.get("to") ?? ""),
      token: String(form.get("token") ?? ""),
      amount: String(form.get("amount") ?? ""),
    };
    // Checked here first so a bad value never leaves the browser; the server checks again.
    const parsed = buildTransferSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
      setFormError(undefined);
      return;
    }
    setErrors({});
    setPending(true);
    const result = await buildTransfer(parsed.data).catch(() => null);
    setPending(false);
    if (!result) return setFormError("The request could not be sent. Check your connection and try again.");
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return setFormError(describeError(result.error));
    }
    setFormError(undefined);
    setBuilt(result.data);
  }

  const assetsId = resolveAssetsChain(chain);
  return (
    <section aria-label="Build transfer" className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <ChainPicker
          table="buildTransaction"
          value={chain}
          onChange={(v) => {
            setChain(v);
            setBuilt(undefined);
          }}
          id="transfer-chain"
        />
        {chainId ? (
          <p className="text-xs text-muted">
            Builds on {chainLabel(chainId)} ({chainId}).
            {assetsId && assetsId !== chainId
              ? ` Note: for balances, “${chain}” means ${assetsId}; the build-transaction endpoint maps it to ${chainId}.`
              : ""}
          </p>
        ) : null}
        <Field id="transfer-to" label="To (recipient address)" error={errors.to}>
          <Input
            id="transfer-to"
            name="to"
            className="font-mono"
            autoComplete="off"
            aria-invalid={Boolean(errors.to)}
          />
        </Field>
        <Field
          id="transfer-token"
          label="Token"
          error={errors.token}
          hint="A symbol (USDC, ETH), a contract address or a mint address."
        >
          <Input
            id="transfer-token"
            name="token"
            defaultValue="USDC"
            autoComplete="off"
            aria-invalid={Boolean(errors.token)}
          />
        </Field>
        <Field
          id="transfer-amount"
          label="Amount (whole units)"
          error={errors.amount}
          hint="e.g. 0.01 is one cent of USDC."
        >
          <Input
            id="transfer-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={Boolean(errors.amount)}
          />
        </Field>
        {formError ? (
          <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? "Building…" : "Build unsigned transfer"}
        </Button>
      </form>
      <div className="min-w-0">
        {built ? (
          <BuiltTransfer built={built} clientId={client.id} />
        ) : (
          <p className="rounded border border-dashed border-border p-6 text-sm text-muted">
            The unsigned transaction appears here.
          </p>
        )}
      </div>
    </section>
  );
}

function BuiltTransfer({ built, clientId }: { built: Built; clientId: string }) {
  const chainId = resolveBuildTransactionChain(built.chain) ?? built.chain;
  const family = chainFamily(chainId);
  const json = JSON.stringify(built.result, null, 2);
  function download() {
    const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `unsigned-transfer-${clientId}-${chainId.replace(/[^a-z0-9]+/gi, "-")}.json`;
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="space-y-3" data-testid="built-transfer">
      <p className="flex items-start gap-2 rounded border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
        <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        Unsigned. Nothing was sent: this transaction must be signed (e.g. by the client&apos;s MPC wallet) and broadcast
        elsewhere.
      </p>
      {family === "eip155" ? <EvmSummary result={built.result} /> : null}
      {family === "bip122" ? <BitcoinSummary result={built.result} /> : null}
      {family === "solana" ? <SolanaSummary result={built.result} /> : null}
      <div className="flex items-center gap-2">
        <h3 className="text-sm font-semibold">Response ({chainLabel(chainId)})</h3>
        <CopyButton value={json} label="transaction JSON" />
        <Button size="sm" onClick={download}>
          <Download className="size-3.5" aria-hidden /> Download JSON
        </Button>
      </div>
      <pre
        className="max-h-96 overflow-auto rounded border border-border bg-surface-2 p-3 font-mono text-xs"
        aria-label="Unsigned transaction JSON"
      >
        {json}
      </pre>
    </div>
  );
}

function Row({ label, value, mono = true }: { label: string; value: string | undefined | null; mono?: boolean }) {
  return (
    <div className="contents">
      <dt className="text-muted">{label}</dt>
      <dd className={`${mono ? "font-mono text-xs" : ""} break-all`}>{value ?? "—"}</dd>
    </div>
  );
}

function EvmSummary({ result }: { result: Record<string, unknown> }) {
  const tx = (result.transaction ?? {}) as { from?: string; to?: string; data?: string; value?: string };
  const meta = (result.metadata ?? {}) as {
    tokenDecimals?: number;
    rawAmount?: string;
    tokenSymbol?: string;
    tokenAddress?: string | null;
  };
  let decoded: string | undefined;
  if (tx.data && tx.data !== "0x") {
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data as `0x${string}` });
      if (call.functionName === "transfer") {
        const [recipient, amount] = call.args as readonly [string, bigint];
        decoded = `transfer(${recipient}, ${amount.toString()})${meta.tokenDecimals !== undefined ? ` = ${formatUnits(amount, meta.tokenDecimals)} ${meta.tokenSymbol ?? ""}` : ""}`;
      } else decoded = call.functionName;
    } catch {
      decoded = "not an ERC-20 call";
    }
  }
  return (
    <dl
      className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 rounded border border-border bg-surface p-3 text-sm"
      aria-label="Transaction summary"
    >
      <Row label="From" value={tx.from} />
      <Row label={decoded ? "To (token contract)" : "To"} value={tx.to} />
      {tx.value ? (
        <Row
          label="Value (wei)"
          value={tx.value.startsWith("0x") ? `${BigInt(tx.value).toString()} (${tx.value})` : tx.value}
        />
      ) : null}
      {tx.data && tx.data !== "0x" ? <Row label="Calldata" value={tx.data} /> : null}
      {decoded ? <Row label="Decoded" value={decoded} /> : null}
      <Row label="Raw amount" value={meta.rawAmount} />
    </dl>
  );
}

function BitcoinSummary({ result }: { result: Record<string, unknown> }) {
  const tx = (result.transaction ?? {}) as { signatureHashes?: string[]; rawTxHex?: string };
  const meta = (result.metadata ?? {}) as { feeInSatoshis?: string; changeInSatoshis?: string; rawAmount?: string };
  return (
    <dl
      className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 rounded border border-border bg-surface p-3 text-sm"
      aria-label="Transaction summary"
    >
      <Row label="Amount (sats)" value={meta.rawAmount} />
      <Row label="Fee (sats)" value={meta.feeInSatoshis} />
      <Row label="Change (sats)" value={meta.changeInSatoshis} />
      <Row label="Hashes to sign" value={String(tx.signatureHashes?.length ?? 0)} mono={false} />
    </dl>
  );
}

function SolanaSummary({ result }: { result: Record<string, unknown> }) {
  const meta = (result.metadata ?? {}) as {
    amount?: string;
    mintAddress?: string | null;
    lastValidBlockHeight?: string;
  };
  return (
    <dl
      className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 rounded border border-border bg-surface p-3 text-sm"
      aria-label="Transaction summary"
    >
      <Row label="Amount" value={meta.amount} mono={false} />
      <Row label="Mint" value={meta.mintAddress ?? "native SOL"} />
      <Row label="Valid until block" value={meta.lastValidBlockHeight} />
    </dl>
  );
}
