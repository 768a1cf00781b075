"use client";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { GasRange } from "@/lib/gas/range";
import { gasExportUrl } from "@/lib/gas/routes";
import { HttpError } from "@/lib/shared/query-client";

const filenameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "gas-usage.csv";

/**
 * Downloads the table as CSV, written on the server by the console's one CSV writer for the same
 * chains, range and clock as the page. Fetched rather than linked, so a failure is explained here
 * instead of replacing the page with an error document.
 */
export function ExportCsvButton({
  chains,
  range,
  asOf,
  disabled,
}: {
  chains: string[];
  range: GasRange;
  asOf: number;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await fetch(gasExportUrl(chains, range, asOf), { credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new HttpError(res.status, body?.error?.message ?? `The export failed (${res.status}).`);
      }
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = filenameOf(res.headers.get("content-disposition"));
      // In the document while clicked: some browsers ignore a click on a detached link.
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click's task ran.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        onClick={() => void download()}
        disabled={disabled || busy}
        aria-describedby={error ? "gas-csv-error" : undefined}
      >
        <Download className="size-4" aria-hidden /> {busy ? "Preparing CSV…" : "Download CSV"}
      </Button>
      {error ? (
        <p id="gas-csv-error" role="alert" className="max-w-xs text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
