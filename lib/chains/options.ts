/**
 * The chain pickers: each chain once, by name with its CAIP-2 id, and where two of the spec's chain
 * tables disagree. The value a picker sends is the CAIP-2 id, which every table accepts in place of
 * a shortcut, so a chain never depends on which table reads its name. The disagreements are real
 * (the build-transaction table calls eip155:84531 "base-sepolia", the assets table gives that name
 * to eip155:84532) and a person choosing a chain has to be told about them.
 */
import {
  chainAliasesOf,
  chainFamily,
  chainIdsOf,
  chainInfo,
  chainLabel,
  resolveChain,
  type Caip2Id,
  type ChainFamily,
  type ChainTable,
} from "./";

/** What each table is for, in the words the pickers use. */
const TABLE_USE: Record<ChainTable, string> = {
  assets: "balances",
  buildTransaction: "transfers",
  format: "alert formatting",
};

export interface ChainTableDifference {
  /** Shortcuts this table gives the chain that the other table gives to another chain. */
  renamed: { alias: string; elsewhere: Caip2Id }[];
  /** The other table does not have the chain at all. */
  missing: boolean;
}

export interface ChainOption {
  /** The CAIP-2 id: what the picker sends. */
  value: Caip2Id;
  /** "<Name> — <CAIP-2 id>", plus a short mark when `difference` is set. */
  label: string;
  family: ChainFamily;
  testnet: boolean;
  /** The table's shortcuts for the chain, so the filter finds "base-sepolia" or "solana-devnet". */
  aliases: string[];
  difference?: ChainTableDifference;
}

function aliasesFor(table: ChainTable, id: Caip2Id): string[] {
  return Object.entries(chainAliasesOf(table))
    .filter(([, target]) => target === id)
    .map(([alias]) => alias);
}

/** How `other` differs from `table` for one chain of `table`, or undefined when it does not. */
export function chainTableDifference(
  table: ChainTable,
  other: ChainTable,
  id: Caip2Id,
): ChainTableDifference | undefined {
  const renamed = aliasesFor(table, id).flatMap((alias) => {
    const elsewhere = resolveChain(other, alias);
    return elsewhere && elsewhere !== id ? [{ alias, elsewhere }] : [];
  });
  const missing = resolveChain(other, id) === undefined;
  return renamed.length > 0 || missing ? { renamed, missing } : undefined;
}

/** One option per chain of the table; `compareWith` marks the chains that table treats differently. */
export function chainOptions(table: ChainTable, compareWith?: ChainTable): ChainOption[] {
  return chainIdsOf(table).flatMap((id) => {
    const family = chainFamily(id);
    if (!family) return [];
    const difference = compareWith ? chainTableDifference(table, compareWith, id) : undefined;
    const base = `${chainLabel(id)} — ${id}`;
    let mark = "";
    if (compareWith && difference)
      mark =
        difference.renamed.length > 0
          ? ` (differs from ${TABLE_USE[compareWith]})`
          : ` (not in ${TABLE_USE[compareWith]})`;
    return [
      {
        value: id,
        label: base + mark,
        family,
        testnet: chainInfo(id)?.testnet ?? false,
        aliases: aliasesFor(table, id),
        ...(difference ? { difference } : {}),
      },
    ];
  });
}

const named = (id: Caip2Id) => `${chainLabel(id)} (${id})`;

/** The difference for one chosen chain, in sentences for the line under the picker. */
export function describeDifference(
  table: ChainTable,
  other: ChainTable,
  id: Caip2Id,
  difference: ChainTableDifference,
): string[] {
  const here = TABLE_USE[table];
  const there = TABLE_USE[other];
  const lines = difference.renamed.map(
    ({ alias, elsewhere }) =>
      `For ${here}, “${alias}” is ${named(id)}; for ${there}, the same name is ${named(elsewhere)}.`,
  );
  if (difference.missing) lines.push(`${named(id)} is not in the ${there} table: ${there} cannot be read for it.`);
  return lines;
}

export interface ChainTableComparison {
  renamed: { alias: string; here: Caip2Id; there: Caip2Id }[];
  onlyHere: Caip2Id[];
  onlyThere: Caip2Id[];
}

/** Every difference between two tables, for a plain summary beside a picker. */
export function compareChainTables(table: ChainTable, other: ChainTable): ChainTableComparison {
  const otherIds = new Set(chainIdsOf(other));
  const ids = new Set(chainIdsOf(table));
  const renamed = Object.entries(chainAliasesOf(table)).flatMap(([alias, here]) => {
    const there = resolveChain(other, alias);
    return there && there !== here ? [{ alias, here, there }] : [];
  });
  return {
    renamed,
    onlyHere: [...ids].filter((id) => !otherIds.has(id)),
    onlyThere: [...otherIds].filter((id) => !ids.has(id)),
  };
}
