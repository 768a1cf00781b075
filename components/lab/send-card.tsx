"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { chainFamily, chainInfo } from "@/lib/chains";
import { DEFAULT_LAB_CHAIN, labSendChainOptions } from "@/lib/lab/chains";
import { MAX_PARALLEL_SENDS, sendInputSchema, type SendToken } from "@/lib/lab/forms";
import type { SendResult } from "@/lib/lab/results";
import { sendLabAssets } from "@/server/actions/lab";
import { LabCard } from "./parts";
import { SendResults } from "./send-results";
import { checkForm } from "./validate";

export function SendCard({ clientId, accountAbstracted }: { clientId: string; accountAbstracted: boolean }) {
  const [chainId, setChainId] = useState<string>(DEFAULT_LAB_CHAIN);
  const [to, setTo] = useState("");
  const [token, setToken] = useState<SendToken>("NATIVE");
  const [tokenAddress, setTokenAddress] = useState("");
  const [amount, setAmount] = useState("0.01");
  const [nonce, setNonce] = useState("");
  const [parallel, setParallel] = useState("1");
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SendResult>();
  const send = useAction(sendLabAssets, {
    errors: "inline",
    fields: ["chainId", "to", "token", "tokenAddress", "amount", "nonce", "parallel"],
    onSuccess: setResult,
  });
  const errors = { ...send.fieldErrors, ...localErrors };
  const evm = chainFamily(chainId) === "eip155";
  const native = chainInfo(chainId)?.nativeSymbol ?? "native coin";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(undefined);
    const checked = checkForm(sendInputSchema, { clientId, chainId, to, token, tokenAddress, amount, nonce, parallel });
    setLocalErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) send.run(checked.data);
  }

  const nonceHint = accountAbstracted
    ? "Usually empty: the service orders the smart account's user operations itself. A value is the user operation's nonce."
    : "Empty: the console reserves the next nonce for each send. Or hex with 0x and two digits at least, e.g. 0x05.";

  return (
    <LabCard
      id="lab-send"
      title="Send assets"
      description={
        accountAbstracted
          ? "Sends from the client's smart account: each send is a user operation, waited for on the chain (its bundle transaction is shown)."
          : "Sends from the client's address with /v1/assets/send and waits for each receipt. Several at once exercise the spec's nonce rule: each send gets its own nonce."
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Send assets" className="space-y-3">
        <div className="grid gap-3 md:grid-cols-2">
          <Field id="lab-send-chain" label="Chain" error={errors.chainId}>
            <Select
              id="lab-send-chain"
              value={chainId}
              onChange={(e) => {
                setChainId(e.target.value);
                setLocalErrors({});
              }}
            >
              {labSendChainOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                  {chainFamily(o.value) === "solana" ? " (not followed on chain)" : ""}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lab-send-to" label="To (recipient address)" error={errors.to}>
            <Input
              id="lab-send-to"
              className="font-mono text-xs"
              autoComplete="off"
              spellCheck={false}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={Boolean(errors.to)}
            />
          </Field>
          <Field id="lab-send-token" label="Token" error={errors.token}>
            <Select id="lab-send-token" value={token} onChange={(e) => setToken(e.target.value as SendToken)}>
              <option value="NATIVE">NATIVE ({native})</option>
              <option value="USDC">USDC</option>
              <option value="USDT">USDT</option>
              <option value="contract">{evm ? "Contract address…" : "Mint address…"}</option>
            </Select>
          </Field>
          {token === "contract" ? (
            <Field
              id="lab-send-token-address"
              label={evm ? "Token contract address" : "Token mint address"}
              error={errors.tokenAddress}
            >
              <Input
                id="lab-send-token-address"
                className="font-mono text-xs"
                autoComplete="off"
                spellCheck={false}
                value={tokenAddress}
                onChange={(e) => setTokenAddress(e.target.value)}
                aria-invalid={Boolean(errors.tokenAddress)}
              />
            </Field>
          ) : null}
          <Field
            id="lab-send-amount"
            label="Amount (whole units)"
            error={errors.amount}
            hint="A positive decimal, e.g. 0.01."
          >
            <Input
              id="lab-send-amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={Boolean(errors.amount)}
            />
          </Field>
          {evm ? (
            <Field id="lab-send-nonce" label="Nonce (optional)" error={errors.nonce} hint={nonceHint}>
              <Input
                id="lab-send-nonce"
                className="font-mono text-xs"
                autoComplete="off"
                spellCheck={false}
                placeholder="0x05"
                value={nonce}
                onChange={(e) => setNonce(e.target.value)}
                aria-invalid={Boolean(errors.nonce)}
              />
            </Field>
          ) : null}
          <Field
            id="lab-send-parallel"
            label="Send in parallel"
            error={errors.parallel}
            hint={`How many identical sends to start at once (1–${MAX_PARALLEL_SENDS}).`}
          >
            <Input
              id="lab-send-parallel"
              type="number"
              min={1}
              max={MAX_PARALLEL_SENDS}
              step={1}
              value={parallel}
              onChange={(e) => setParallel(e.target.value)}
              aria-invalid={Boolean(errors.parallel)}
            />
          </Field>
        </div>
        <FormError message={send.formError} />
        <Button type="submit" variant="primary" disabled={send.pending}>
          {send.pending ? "Sending and waiting for receipts…" : "Send"}
        </Button>
      </form>
      <div aria-live="polite">{result ? <SendResults result={result} /> : null}</div>
    </LabCard>
  );
}
