import { cn } from "@/lib/shared/utils";

/**
 * A long value cut to its column with an ellipsis, so a table never grows past its box: the whole
 * value is its tooltip (title) and stays in the text for screen readers and copying.
 */
export function Truncated({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn("block max-w-full truncate", className)} title={text}>
      {text}
    </span>
  );
}
