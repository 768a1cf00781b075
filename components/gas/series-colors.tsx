/**
 * One colour per chain slot (its position in the picker's selection), as CSS variables with a
 * light and a dark value, each at least 3:1 against the surface of its theme. SERIES_SCOPE defines
 * them on the element that holds the chart, the cards and the table.
 */
export const SERIES_SCOPE = [
  "[--gas-1:#2f5bd3] dark:[--gas-1:#7aa2ff]",
  "[--gas-2:#c2410c] dark:[--gas-2:#fb923c]",
  "[--gas-3:#15803d] dark:[--gas-3:#4ade80]",
  "[--gas-4:#7e22ce] dark:[--gas-4:#c084fc]",
  "[--gas-5:#be185d] dark:[--gas-5:#f472b6]",
  "[--gas-6:#0f766e] dark:[--gas-6:#2dd4bf]",
  "[--gas-7:#a16207] dark:[--gas-7:#facc15]",
  "[--gas-8:#475569] dark:[--gas-8:#cbd5e1]",
].join(" ");

export const seriesColor = (slot: number) => `var(--gas-${(slot % 8) + 1})`;

export function Swatch({ slot, dashed = false }: { slot: number; dashed?: boolean }) {
  return (
    <span
      aria-hidden
      className="inline-block h-2.5 w-4 shrink-0 rounded-sm"
      style={
        dashed
          ? {
              backgroundImage: `repeating-linear-gradient(90deg, ${seriesColor(slot)} 0 4px, transparent 4px 7px)`,
              height: 3,
            }
          : { background: seriesColor(slot) }
      }
    />
  );
}
