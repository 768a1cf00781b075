"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { signingKeysUrl } from "@/lib/audit/routes";
import type { PublishedKey } from "@/lib/evidence/signature";
import { joinReviewerKeys, parseReviewerKeys, type Against, type ReviewerKeys } from "@/lib/evidence/trust";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { fileInput } from "./verify-file-input";
import { VerifyResult } from "./verify-result";
import { runChecks, type Outcome } from "./verify-run";
import { VerifyTrustFields } from "./verify-trust-fields";

/**
 * What the reviewer brought, from the key file and the pasted text (either or both). Undefined when
 * they brought nothing; an error message when what they brought holds no key.
 */
async function reviewerKeys(keyFile: File | undefined, pasted: string): Promise<ReviewerKeys | string | undefined> {
  let keys: ReviewerKeys | undefined;
  if (keyFile) {
    keys = parseReviewerKeys(await keyFile.text());
    if (!keys) return `${keyFile.name} holds no Ed25519 public key (expected the JSON or PEM the audit page gives).`;
  }
  if (pasted.trim()) {
    const more = parseReviewerKeys(pasted);
    if (!more)
      return "The pasted text is not a public key (PEM or 64 hex digits) or a key id (ed25519: and 16 hex digits).";
    keys = keys ? joinReviewerKeys(keys, more) : more;
  }
  return keys;
}

/**
 * The verify page: a signed manifest and its file, or a checkpoint, a case bundle or an eject evidence pack alone, checked in the browser
 * against a key the reviewer brings (then it can say "Verified"), or else against the keys this
 * console publishes (then only "intact": see lib/evidence/trust.ts).
 */
export function VerifyEvidence() {
  const published = useQuery({
    queryKey: queryKeys.audit.signingKeys(),
    queryFn: () => fetchJson<{ keys: PublishedKey[] }>(signingKeysUrl()),
  });
  const [keyFile, setKeyFile] = useState<File>();
  const [pasted, setPasted] = useState("");
  const [outcome, setOutcome] = useState<Outcome>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [running, setRunning] = useState(false);

  // The files are read from the form's own inputs at submit: one picked before the page hydrated counts too.
  async function verify(form: HTMLFormElement) {
    const picked = (id: string) => (form.elements.namedItem(id) as HTMLInputElement | null)?.files?.[0];
    const documentFile = picked("verify-document");
    const dataFile = picked("verify-data");
    if (!documentFile)
      return setError("Pick a signed document first (a manifest, a checkpoint, a case bundle or an evidence pack).");
    setError(undefined);
    setOutcome(undefined);
    const brought = await reviewerKeys(keyFile, pasted);
    if (typeof brought === "string") return setError(brought);
    const consoleKeys = published.data?.keys;
    if (!brought && !consoleKeys)
      return setError("The keys this console publishes could not be read: give the key you trust.");
    const against: Against = brought ? { by: "reviewer", keys: brought } : { by: "console", keys: consoleKeys ?? [] };
    setRunning(true);
    try {
      setOutcome(await runChecks(documentFile, dataFile, against, setProgress));
    } catch {
      setError("The files could not be read.");
    } finally {
      setRunning(false);
      setProgress(undefined);
    }
  }

  return (
    <div className="max-w-3xl space-y-5">
      <form
        className="grid gap-4 rounded-lg border border-border bg-surface p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void verify(e.currentTarget);
        }}
      >
        <Field
          id="verify-document"
          label="Signed document (.json)"
          hint="An export's manifest, an audit checkpoint, a case bundle or a key ejection's evidence pack."
        >
          <input id="verify-document" type="file" accept="application/json,.json" className={fileInput} />
        </Field>
        <Field id="verify-data" label="Exported file (.csv or .ndjson), for a manifest">
          <input
            id="verify-data"
            type="file"
            accept=".csv,.ndjson,text/csv,application/x-ndjson"
            className={fileInput}
          />
        </Field>
        <VerifyTrustFields
          pasted={pasted}
          onPaste={setPasted}
          onKeyFile={setKeyFile}
          publishedCount={published.data?.keys.length}
        />
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={running}>
            {running ? "Checking…" : "Verify"}
          </Button>
          {progress !== undefined ? (
            <span role="status" className="text-xs text-muted">
              {progress.toLocaleString("en")} bytes read
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </form>

      {outcome ? <VerifyResult outcome={outcome} /> : null}
    </div>
  );
}
