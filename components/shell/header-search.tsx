"use client";
import { X } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { Popover } from "radix-ui";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { useJobRun } from "@/components/hooks/use-job-run";
import { RunLimitNotice } from "@/components/jobs/run-limit-notice";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { JobProgress } from "@/components/ui/job-progress";
import { clientUrl } from "@/lib/clients/routes";
import { classifySearch } from "@/lib/clients/search";
import type { JobRunView } from "@/lib/jobs";
import { fetchJson, HttpError } from "@/lib/shared/query-client";
import type { ActionError } from "@/lib/shared/result";
import { findClientByAddress } from "@/server/actions/clients";
import { cancelJobRun } from "@/server/actions/jobs";

type Found = { matches: string[]; scanned: number };
type Panel =
  | { kind: "message"; text: string; tone: "muted" | "danger" }
  | { kind: "scan"; address: string; family: string }
  | null;

/** Whether a key press belongs to a field being typed in (where "/" is just a character). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * One box for "take me to this client": a client id opens it (after checking it exists); an address
 * of any family starts the server-side scan of every client, followed here with progress and cancel.
 * Its panel is a popover (Radix): Escape, a click outside and leaving the page close it. "/" and
 * Ctrl/⌘+K put the cursor in the box from anywhere on the page.
 */
export function HeaderSearch() {
  const router = useRouter();
  const pathname = usePathname();
  const box = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState("");
  const [panel, setPanel] = useState<Panel>(null);
  // Another page: the answer about the last one is not this page's.
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setPanel(null);
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
      if (!shortcut && !slash) return;
      event.preventDefault();
      box.current?.focus();
      box.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const [run, setRun] = useState<JobRunView<Found>>();
  const [checking, setChecking] = useState(false);
  const open = (clientId: string) => {
    setPanel(null);
    setRun(undefined);
    setValue("");
    router.push(`/clients/${encodeURIComponent(clientId)}`);
  };
  // Inline: a refusal (too many searches going, the rate limit) belongs in the panel the search opened.
  const start = useAction(findClientByAddress, {
    errors: "inline",
    onSuccess: (r) => setRun(r as JobRunView<Found>),
  });
  const cancel = useAction(cancelJobRun);
  // One match opens the client at once; the panel stays for none or several.
  const job = useJobRun<Found>(run?.id, run, (ended) => {
    const only =
      ended.status === "succeeded" && ended.result?.matches.length === 1 ? ended.result.matches[0] : undefined;
    if (only) open(only);
  });
  const current = job.data;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = classifySearch(value);
    setRun(undefined);
    if (input.kind === "invalid") return setPanel({ kind: "message", text: input.message, tone: "danger" });
    if (input.kind === "address") {
      setPanel({ kind: "scan", address: input.value, family: input.family });
      return start.run({ address: input.value });
    }
    setChecking(true);
    try {
      await fetchJson(clientUrl(input.value));
      open(input.value);
    } catch (error) {
      setPanel({
        kind: "message",
        text:
          error instanceof HttpError && error.status === 404
            ? `No client has the id ${input.value}.`
            : error instanceof Error
              ? error.message
              : "The client could not be looked up.",
        tone: "danger",
      });
    } finally {
      setChecking(false);
    }
  }

  return (
    <Popover.Root open={panel !== null} onOpenChange={(open) => (open ? undefined : setPanel(null))}>
      <Popover.Anchor asChild>
        <div ref={anchor} className="relative w-full md:max-w-md">
          <form onSubmit={(e) => void onSubmit(e)} role="search" className="flex gap-1.5">
            <label htmlFor="header-search" className="sr-only">
              Find a client by id or address
            </label>
            <Input
              ref={box}
              id="header-search"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="Client id or address…  ( / )"
              className="h-8 min-w-0 flex-1 font-mono text-xs"
              autoComplete="off"
              spellCheck={false}
              aria-keyshortcuts="/ Control+K Meta+K"
            />
            <Button type="submit" size="sm" disabled={checking || start.pending} aria-label="Find client">
              <span className="icon-search inline-block size-3.5" aria-hidden />
            </Button>
          </form>
        </div>
      </Popover.Anchor>
      {panel ? (
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-label="Client search"
            // The cursor stays in the box; typing again replaces the answer.
            onOpenAutoFocus={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => e.preventDefault()}
            onEscapeKeyDown={() => box.current?.focus()}
            // The box and its button are not "outside": pressing Enter again keeps the panel.
            onInteractOutside={(e) => {
              if (anchor.current?.contains(e.target as Node)) e.preventDefault();
            }}
            className="relative z-50 w-[min(var(--radix-popover-trigger-width),calc(100vw-1rem))] min-w-72 rounded border border-border bg-surface p-3 text-sm text-fg shadow-lg"
            data-testid="search-panel"
          >
            <Popover.Close
              className="absolute top-1.5 right-1.5 rounded p-1 text-muted hover:bg-surface-2"
              aria-label="Close search results"
            >
              <X className="size-3.5" aria-hidden />
            </Popover.Close>
            {panel.kind === "message" ? (
              <p role="alert" className={panel.tone === "danger" ? "pr-6 text-danger" : "pr-6 text-muted"}>
                {panel.text}
              </p>
            ) : (
              <ScanPanel
                address={panel.address}
                family={panel.family}
                run={current}
                starting={start.pending}
                error={start.formError}
                refusal={start.error}
                onRetry={() => start.run({ address: panel.address })}
                cancelling={cancel.pending}
                onCancel={() => current && cancel.run({ runId: current.id })}
              />
            )}
          </Popover.Content>
        </Popover.Portal>
      ) : null}
    </Popover.Root>
  );
}

function ScanPanel(props: {
  address: string;
  family: string;
  run: JobRunView<Found> | undefined;
  starting: boolean;
  error?: string;
  refusal?: ActionError;
  onRetry: () => void;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { address, family, run, starting, error, refusal, onRetry, cancelling, onCancel } = props;
  return (
    <div className="space-y-2 pr-6">
      <p className="text-xs text-muted">
        Looking for the client with the {family} address <span className="font-mono break-all">{address}</span>. The API
        has no search, so the console reads every client.
      </p>
      {!run && !starting && error ? (
        <div className="space-y-2">
          <FormError message={error} />
          <RunLimitNotice error={refusal} />
          {refusal?.code === "TOO_MANY_RUNS" ? (
            <Button size="sm" onClick={onRetry}>
              Search again
            </Button>
          ) : null}
        </div>
      ) : !run ? (
        <p className="text-xs text-muted">Starting…</p>
      ) : run.status === "succeeded" && run.result ? (
        run.result.matches.length === 0 ? (
          <p role="status">No client has this address ({run.result.scanned} scanned).</p>
        ) : (
          <div role="status">
            {run.result.matches.length} clients have this address:{" "}
            {run.result.matches.map((id) => (
              <Link key={id} href={`/clients/${id}`} className="mr-2 font-mono text-accent hover:underline">
                {id}
              </Link>
            ))}
          </div>
        )
      ) : run.status === "failed" ? (
        <p role="alert" className="text-danger">
          {run.error ?? "The scan failed."}
        </p>
      ) : run.status === "cancelled" ? (
        <p role="status">Cancelled after {run.done} clients.</p>
      ) : (
        <JobProgress run={run} label="Scan of every client" onCancel={onCancel} cancelling={cancelling} />
      )}
    </div>
  );
}
