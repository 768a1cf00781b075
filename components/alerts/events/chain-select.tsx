"use client";
import { ChainMultiSelect as Select } from "@/components/ui/chain-multi-select";
import { CHAINS, chainLabel } from "@/lib/chains";

/** The EVM chains an EIP_155_TX_V1 event can come from (every eip155 chain the console knows), by name. */
export const EVENT_CHAINS = Object.keys(CHAINS)
  .filter((id) => id.startsWith("eip155:"))
  .sort((a, b) => chainLabel(a).localeCompare(chainLabel(b)));

/** The events filter's chains: any of the EVM chains, several at once. */
export function ChainMultiSelect({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (chains: string[]) => void;
  error?: string;
}) {
  return <Select label="Chains" options={EVENT_CHAINS} value={value} onChange={onChange} error={error} />;
}
