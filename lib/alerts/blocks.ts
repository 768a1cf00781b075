/**
 * Block numbers as staff type them: single numbers and ranges, "100-120, 150". Ranges are expanded
 * (the API takes a comma-delimited list) and capped, so a typo like "1-99999999" is explained
 * instead of sent.
 */
export const MAX_BLOCKS = 1000;

export type BlockList = { ok: true; blocks: number[] } | { ok: false; message: string };

export function expandBlockRanges(text: string, max = MAX_BLOCKS): BlockList {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: "Enter block numbers, e.g. 100-120, 150" };
  const blocks = new Set<number>();
  for (const part of parts) {
    const m = /^(\d{1,15})(?:\s*-\s*(\d{1,15}))?$/.exec(part);
    if (!m) return { ok: false, message: `“${part.slice(0, 30)}” is not a block number or a range such as 100-120` };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return { ok: false, message: `The range ${part} runs backwards; write it as ${to}-${from}` };
    if (to - from + 1 > max || blocks.size + (to - from + 1) > max)
      return { ok: false, message: `At most ${max} blocks at once; narrow the ranges` };
    for (let b = from; b <= to; b++) blocks.add(b);
  }
  return { ok: true, blocks: [...blocks].sort((a, b) => a - b) };
}
