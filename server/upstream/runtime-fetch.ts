/**
 * The runtime's own fetch for upstream calls, not Next's wrapper of it. Inside a Next server,
 * `globalThis.fetch` is Next's patched fetch (request memoization, its data cache, a span per call)
 * and it keeps the function it wrapped as `_nextOriginalFetch` for code outside Next's caching. The
 * upstream clients use none of what the wrapper adds: every attempt carries an abort signal (its
 * timeout), which the memoization skips; nothing may be cached there (answers can hold secrets; the
 * console keeps its own shared reads, server/upstream/shared-reads.ts); and each call already has a
 * span named by its endpoint's template (server/ops/spans.ts), where the wrapper's span carried the
 * whole URL, ids and query included, into every exported trace. The chains' RPC gateway client
 * (server/wallets/chain-rpc.ts) uses it too. Outside Next (tests, benchmarks, scripts) this is
 * `globalThis.fetch` itself.
 */
export function runtimeFetch(): typeof fetch {
  const current = globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch };
  return (current._nextOriginalFetch ?? current).bind(globalThis);
}
