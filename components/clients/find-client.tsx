"use client";
import { useRef, useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { clientIdSchema } from "@/lib/clients";
import type { Client, ListClientsResponse } from "@/lib/contracts";
import { fetchJson } from "@/lib/query-client";

/** Every address a client has, lower-cased (EVM addresses are case-insensitive). */
function addressesOf(client: Client): string[] {
  const ns = client.metadata.namespaces as Record<
    string,
    { address?: string; bitcoin?: { p2wpkh?: { mainnet?: string; testnet?: string } } } | undefined
  >;
  return Object.values(ns)
    .flatMap((n) => [n?.address, n?.bitcoin?.p2wpkh?.mainnet, n?.bitcoin?.p2wpkh?.testnet])
    .filter((a): a is string => !!a)
    .map((a) => a.toLowerCase());
}

type Scan =
  | { state: "idle" }
  | { state: "running"; scanned: number; total: number }
  | { state: "done"; scanned: number; matches: Client[] }
  | { state: "cancelled"; scanned: number }
  | { state: "error"; message: string };

export function FindClient() {
  const router = useRouter();
  const [idError, setIdError] = useState<string>();
  const [scan, setScan] = useState<Scan>({ state: "idle" });
  const abort = useRef<AbortController | null>(null);

  function goTo(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = clientIdSchema.safeParse(new FormData(event.currentTarget).get("clientId"));
    if (!parsed.success) return setIdError(parsed.error.issues[0]?.message);
    setIdError(undefined);
    router.push(`/clients/${encodeURIComponent(parsed.data)}`);
  }

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get("address") ?? "")
      .trim()
      .toLowerCase();
    if (address.length < 8)
      return setScan({ state: "error", message: "Enter a whole address (at least 8 characters)." });
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let cursor: string | undefined;
    let scanned = 0;
    const matches: Client[] = [];
    setScan({ state: "running", scanned: 0, total: 0 });
    try {
      for (;;) {
        const page = await fetchJson<ListClientsResponse>(
          `/api/clients?take=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          { signal: controller.signal },
        );
        scanned += page.results.length;
        matches.push(...page.results.filter((c) => addressesOf(c).includes(address)));
        setScan({ state: "running", scanned, total: page.metadata.total });
        if (!page.metadata.cursor || page.results.length === 0 || scanned >= page.metadata.total) break;
        cursor = page.metadata.cursor;
      }
      setScan({ state: "done", scanned, matches });
    } catch (error) {
      if (controller.signal.aborted) setScan({ state: "cancelled", scanned });
      else setScan({ state: "error", message: error instanceof Error ? error.message : "The scan failed." });
    }
  }

  return (
    <div className="flex flex-wrap items-start gap-4">
      <form onSubmit={goTo} className="flex items-start gap-2" aria-label="Go to a client by id">
        <div>
          <label htmlFor="goto-id" className="sr-only">
            Client id
          </label>
          <Input
            id="goto-id"
            name="clientId"
            placeholder="Go to client id…"
            className="w-60 font-mono"
            aria-invalid={Boolean(idError)}
            aria-describedby={idError ? "goto-id-error" : undefined}
          />
          {idError ? (
            <p id="goto-id-error" role="alert" className="mt-1 text-xs text-danger">
              {idError}
            </p>
          ) : null}
        </div>
        <Button type="submit">Go</Button>
      </form>
      <form onSubmit={find} className="flex items-start gap-2" aria-label="Find a client by address">
        <div>
          <label htmlFor="find-address" className="sr-only">
            Address
          </label>
          <Input id="find-address" name="address" placeholder="Find by address…" className="w-80 font-mono" />
          <ScanStatus scan={scan} />
        </div>
        {scan.state === "running" ? (
          <Button onClick={() => abort.current?.abort()}>
            <X className="size-4" aria-hidden /> Cancel
          </Button>
        ) : (
          <Button type="submit">
            <Search className="size-4" aria-hidden /> Scan all pages
          </Button>
        )}
      </form>
    </div>
  );
}

function ScanStatus({ scan }: { scan: Scan }) {
  if (scan.state === "idle")
    return <p className="mt-1 text-xs text-muted">The API has no search, so this reads every page of clients.</p>;
  if (scan.state === "running")
    return (
      <div className="mt-1 w-80" role="status">
        <progress
          className="h-1.5 w-full accent-[var(--accent)]"
          max={scan.total || 1}
          value={scan.scanned}
          aria-label="Scan progress"
        />
        <p className="text-xs text-muted">
          Scanned {scan.scanned}
          {scan.total ? ` of ${scan.total}` : ""} clients…
        </p>
      </div>
    );
  if (scan.state === "cancelled")
    return (
      <p role="status" className="mt-1 text-xs text-muted">
        Cancelled after {scan.scanned} clients.
      </p>
    );
  if (scan.state === "error")
    return (
      <p role="alert" className="mt-1 text-xs text-danger">
        {scan.message}
      </p>
    );
  return (
    <div role="status" className="mt-1 text-xs">
      {scan.matches.length === 0 ? (
        <p className="text-muted">No client has this address ({scan.scanned} scanned).</p>
      ) : (
        <p>
          Found:{" "}
          {scan.matches.map((c) => (
            <Link key={c.id} href={`/clients/${c.id}`} className="mr-2 font-mono text-accent hover:underline">
              {c.id}
            </Link>
          ))}
        </p>
      )}
    </div>
  );
}
