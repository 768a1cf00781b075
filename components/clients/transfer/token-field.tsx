"use client";
import { Field, Input, Select } from "@/components/ui/field";
import type { ChainFamily } from "@/lib/chains";
import { TOKEN_ADDRESS_RULES } from "@/lib/clients";
import type { KnownToken } from "@/lib/clients/known-tokens";
import { shortAddress } from "@/lib/shared/format";

export const OTHER_TOKEN = "other";

function optionLabel(token: KnownToken, balancesRead: boolean): string {
  const parts = [token.native ? `${token.symbol} (native)` : token.symbol];
  if (token.address) parts.push(shortAddress(token.address));
  if (token.balance) parts.push(`balance ${token.balance.formatted}`);
  else if (balancesRead && !token.native) parts.push("not held");
  return parts.join(" · ");
}

/**
 * The token: one of the chain's known tokens, or "Other", which asks for a contract or mint
 * address checked against the chain family's address form.
 */
export function TokenField({
  family,
  tokens,
  balancesRead,
  selectedId,
  onSelect,
  address,
  onAddress,
  error,
}: {
  family: ChainFamily;
  tokens: KnownToken[];
  balancesRead: boolean;
  selectedId: string;
  onSelect: (id: string) => void;
  address: string;
  onAddress: (value: string) => void;
  error?: string;
}) {
  const rule = TOKEN_ADDRESS_RULES[family];
  const other = selectedId === OTHER_TOKEN && rule !== undefined;
  const addressLabel = family === "solana" ? "Mint address" : "Contract address";
  return (
    <>
      <Field
        id="transfer-token"
        label="Token"
        error={other ? undefined : error}
        hint={
          rule
            ? "The chain's coin, the tokens the client holds here, or another token by address."
            : "This chain takes only the tokens listed."
        }
      >
        <Select
          id="transfer-token"
          value={other ? OTHER_TOKEN : selectedId}
          onChange={(e) => onSelect(e.target.value)}
          aria-invalid={!other && Boolean(error)}
        >
          {tokens.map((t) => (
            <option key={t.id} value={t.id}>
              {optionLabel(t, balancesRead)}
            </option>
          ))}
          {rule ? <option value={OTHER_TOKEN}>Other (contract or mint address)</option> : null}
        </Select>
      </Field>
      {other ? (
        <Field id="transfer-token-address" label={addressLabel} error={error} hint={`Enter ${rule.hint}.`}>
          <Input
            id="transfer-token-address"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => onAddress(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "transfer-token-address-error" : undefined}
          />
        </Field>
      ) : null}
    </>
  );
}
