import "server-only";

/**
 * Keeps each key's answer in this process for `okMs`, and a failed read for `failedMs` (so a page
 * shown many times a second does not ask again on every view while the upstream refuses: each
 * asking spends the custodian's shared budget). The webhooks page and the overview show counts of
 * every webhook; a minute-old count, said as such, costs nothing, a fresh one on every view costs a
 * share of the 200 requests a minute every staff member draws on.
 */
export function keptFor<T>(okMs: number, failedMs: number) {
  const kept = new Map<string, { at: number; keepMs: number; value: Promise<T> }>();
  return (key: string, read: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < hit.keepMs) return hit.value;
    const entry = { at: now, keepMs: okMs, value: read() };
    entry.value.catch(() => {
      entry.keepMs = failedMs;
    });
    kept.set(key, entry);
    return entry.value;
  };
}
