"use client";
import { formatDistanceToNowStrict } from "date-fns";

/**
 * How long ago (or until) a moment is, in words, with the exact time as its title. The words depend on
 * the clock of whoever renders them: the server's differs from the browser's by the page's travel time
 * (or by a wrong browser clock), so the browser keeps the server's words when the page hydrates rather
 * than failing hydration (React error #418) over "13 seconds ago" against "14 seconds ago".
 */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso} suppressHydrationWarning>
      {formatDistanceToNowStrict(new Date(iso), { addSuffix: true })}
    </time>
  );
}
