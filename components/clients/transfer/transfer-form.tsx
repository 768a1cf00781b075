"use client";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { chainFamily, chainLabel, resolveAssetsChain, type Caip2Id } from "@/lib/chains";
import { TOKEN_ADDRESS_RULES, buildTransferSchema } from "@/lib/clients";
import type { ClientView } from "@/lib/clients/client-view";
import { findKnownToken, knownTokens } from "@/lib/clients/known-tokens";
import { transferChains, type UpstreamMode } from "@/lib/clients/transfer-chains";
import { transferWarnings, type BalanceState } from "@/lib/clients/transfer-warnings";
import { buildTransfer } from "@/server/actions/clients";
import { ChainPicker } from "../chain-picker";
import { useClientAssets } from "../use-client-assets";
import type { Built } from "./built-transfer";
import { ChainTableNote } from "./chain-table-note";
import { ChainsNotOffered } from "./chains-not-offered";
import { OTHER_TOKEN, TokenField } from "./token-field";
import { TransferWarnings } from "./transfer-warnings";

const DEFAULT_CHAIN: Caip2Id = "eip155:11155111";

export function TransferForm({
  client,
  upstreamMode,
  onBuilt,
  onChainChange,
}: {
  client: ClientView;
  upstreamMode: UpstreamMode;
  onBuilt: (built: Built) => void;
  onChainChange: () => void;
}) {
  // Only chains the upstream builds for and the client has a wallet on; the rest are explained.
  const chains = useMemo(() => transferChains(client, upstreamMode), [client, upstreamMode]);
  const [chainId, setChainId] = useState<Caip2Id>(
    chains.offered.includes(DEFAULT_CHAIN) ? DEFAULT_CHAIN : (chains.offered[0] ?? DEFAULT_CHAIN),
  );
  const [to, setTo] = useState("");
  // The choice keeps its symbol, so it survives the list changing when the balances arrive.
  const [choice, setChoice] = useState({ id: "native", symbol: "" });
  const [tokenAddress, setTokenAddress] = useState("");
  const [amount, setAmount] = useState("");
  // Checked here first so a bad value never leaves the browser; the server checks again.
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // What was asked for, kept beside the result: the summary checks the transaction against it.
  const submitted = useRef<Omit<Built, "result">>(undefined);

  const family = chainFamily(chainId) ?? "eip155";
  const assetsChain = resolveAssetsChain(chainId);
  const assets = useClientAssets(client.id, assetsChain);
  const tokens = useMemo(() => knownTokens(chainId, assets.data), [chainId, assets.data]);
  const other = choice.id === OTHER_TOKEN && TOKEN_ADDRESS_RULES[family] !== undefined;
  const selected = other ? undefined : findKnownToken(tokens, choice);
  const token = other ? tokenAddress.trim() : (selected?.value ?? "");
  const tokenLabel = other ? tokenAddress.trim() : (selected?.symbol ?? "");
  const own = client.derived.addresses;

  const balance: BalanceState = !assetsChain
    ? {
        kind: "unavailable",
        reason: `${chainLabel(chainId)} (${chainId}) is not in the balances table, so its balance cannot be read.`,
      }
    : assets.isPending
      ? { kind: "loading" }
      : assets.isError
        ? { kind: "unavailable", reason: `the balances could not be read (${assets.error.message}).` }
        : { kind: "read", assets: assets.data };
  const warnings = transferWarnings({ chainId, family, to, token, tokenLabel, amount, balance, own });

  const build = useAction(buildTransfer, {
    errors: "inline",
    fields: ["to", "token", "amount"],
    onSuccess: (data) => {
      if (submitted.current) onBuilt({ ...submitted.current, result: data.result });
    },
  });
  const errors: Record<string, string | undefined> = { ...build.fieldErrors, ...localErrors };

  function chooseChain(next: string) {
    setChainId(next as Caip2Id);
    // A recipient and an amount belong to the chain they were typed for.
    setTo("");
    setAmount("");
    setChoice({ id: "native", symbol: "" });
    setTokenAddress("");
    setLocalErrors({});
    onChainChange();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const rule = TOKEN_ADDRESS_RULES[family];
    if (other && rule && !rule.test(token)) found.token = `Expected ${rule.hint}`;
    const parsed = buildTransferSchema.safeParse({ clientId: client.id, chain: chainId, to, token, amount });
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
    // The upstream refuses more decimal places than the token has; say so before asking it.
    const places = amount.trim().split(".")[1]?.length ?? 0;
    if (!found.amount && selected?.decimals !== undefined && places > selected.decimals)
      found.amount = `${selected.symbol} has ${selected.decimals} decimals; the amount has ${places}`;
    setLocalErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const { to: sentTo, token: sentToken, amount: sentAmount } = parsed.data;
    submitted.current = { chainId, request: { to: sentTo, token: sentToken, amount: sentAmount, tokenLabel } };
    build.run(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} className="min-w-0 space-y-3" noValidate aria-label="Transfer details">
      <ChainPicker
        table="buildTransaction"
        compareWith="assets"
        value={chainId}
        onChange={chooseChain}
        id="transfer-chain"
        describedBy={`transfer-chain-note${chains.notOffered.length > 0 ? " transfer-chains-not-offered" : ""}`}
        only={chains.offered}
      />
      <ChainTableNote chainId={chainId} id="transfer-chain-note" />
      <ChainsNotOffered notOffered={chains.notOffered} id="transfer-chains-not-offered" />
      <Field id="transfer-to" label="To (recipient address)" error={errors.to}>
        <Input
          id="transfer-to"
          name="to"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={Boolean(errors.to)}
        />
      </Field>
      <TokenField
        family={family}
        tokens={tokens}
        balancesRead={balance.kind === "read"}
        selectedId={other ? OTHER_TOKEN : (selected?.id ?? "")}
        onSelect={(id) => setChoice({ id, symbol: tokens.find((t) => t.id === id)?.symbol ?? "" })}
        address={tokenAddress}
        onAddress={setTokenAddress}
        error={errors.token}
      />
      <Field
        id="transfer-amount"
        label="Amount (whole units)"
        error={errors.amount}
        hint={
          selected?.decimals !== undefined
            ? `In ${selected.symbol}, at most ${selected.decimals} decimal places, e.g. 0.01.`
            : "In whole units of the token, e.g. 0.01."
        }
      >
        <Input
          id="transfer-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={Boolean(errors.amount)}
        />
      </Field>
      <TransferWarnings warnings={warnings} />
      <FormError message={build.formError} />
      <Button type="submit" variant="primary" disabled={build.pending || chains.offered.length === 0}>
        {build.pending ? "Building…" : "Build unsigned transfer"}
      </Button>
    </form>
  );
}
