"use client";
import { ChainMultiSelect } from "@/components/ui/chain-multi-select";
import { EVM_CHAINS } from "@/lib/chains";

/** The events filter's chains: any of the EVM chains an EIP_155_TX_V1 event can come from, several at once. */
export function EventChainsSelect({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (chains: string[]) => void;
  error?: string;
}) {
  return <ChainMultiSelect label="Chains" options={EVM_CHAINS} value={value} onChange={onChange} error={error} />;
}
