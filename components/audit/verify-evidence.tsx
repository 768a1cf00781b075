"use client";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { documentKind, fileChecks, manifestFile, signatureCheck, type Check } from "@/lib/evidence/check-export";
import { parsePublicKeys } from "@/lib/evidence/pem";
import type { PublishedKey } from "@/lib/evidence/signature";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { SIGNING_KEYS_URL } from "./signing-keys";

const fileInput =
  "block w-full text-sm file:mr-3 file:h-9 file:rounded file:border file:border-border file:bg-surface file:px-3 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-2";

const KIND_NAMES = {
  "alerts.export": "an export of alert events",
  "audit.export": "an export of the audit log",
  checkpoint: "an audit checkpoint",
} as const;

interface Outcome {
  summary: string;
  checks: Check[];
}

/** Reads the picked files and runs every check in the browser; nothing leaves it. */
async function runChecks(
  documentFile: File,
  dataFile: File | undefined,
  keys: PublishedKey[],
  source: string,
  onProgress: (bytes: number) => void,
): Promise<Outcome> {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(await documentFile.text()) as Record<string, unknown>;
  } catch {
    return { summary: `${documentFile.name} is not JSON.`, checks: [] };
  }
  const kind = documentKind(doc);
  if (!kind) return { summary: `${documentFile.name} is not a manifest or a checkpoint of this console.`, checks: [] };
  const checks = [signatureCheck(doc, keys, source)];
  if (kind === "checkpoint")
    return {
      summary: `${documentFile.name} is ${KIND_NAMES[kind]}: ${String(doc.count)} records up to #${String(doc.lastSeq)}, made ${utc(String(doc.at))}.`,
      checks,
    };
  const described = manifestFile(doc);
  if (!dataFile)
    checks.push({
      label: "File",
      ok: false,
      detail: `Pick the exported file too (${described?.name ?? "named in the manifest"}) to check it against the manifest.`,
    });
  else checks.push(...(await fileChecks(doc, dataFile, onProgress)));
  return {
    summary: `${documentFile.name} is ${KIND_NAMES[kind]} of ${String(doc.rows)} rows${described ? ` (${described.name})` : ""}, made ${utc(String(doc.generatedAt))}.`,
    checks,
  };
}

/**
 * The verify page: a signed manifest and its file, or a checkpoint alone, checked in the browser
 * against the console's published keys, or against a key file the reviewer brings (the JSON or PEM
 * downloaded from the audit page earlier, kept outside the console).
 */
export function VerifyEvidence() {
  const published = useQuery({
    queryKey: queryKeys.audit.signingKeys(),
    queryFn: () => fetchJson<{ keys: PublishedKey[] }>(SIGNING_KEYS_URL),
  });
  const [documentFile, setDocumentFile] = useState<File>();
  const [dataFile, setDataFile] = useState<File>();
  const [keyFile, setKeyFile] = useState<File>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [running, setRunning] = useState(false);

  async function verify() {
    if (!documentFile) return setError("Pick a manifest or a checkpoint first.");
    setError(undefined);
    setOutcome(undefined);
    let keys = published.data?.keys ?? [];
    let source = "this console";
    if (keyFile) {
      const brought = parsePublicKeys(await keyFile.text());
      if (!brought)
        return setError(`${keyFile.name} holds no Ed25519 public key (expected the JSON or PEM the audit page gives).`);
      keys = brought.map((publicKey) => ({ keyId: "", publicKey, createdAt: "", retiredAt: null }));
      source = keyFile.name;
    }
    setRunning(true);
    try {
      setOutcome(await runChecks(documentFile, dataFile, keys, source, setProgress));
    } catch {
      setError("The files could not be read.");
    } finally {
      setRunning(false);
      setProgress(undefined);
    }
  }

  const passed = outcome && outcome.checks.length > 0 && outcome.checks.every((c) => c.ok);
  return (
    <div className="max-w-3xl space-y-5">
      <form
        className="grid gap-4 rounded-lg border border-border bg-surface p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        <Field id="verify-document" label="Manifest or checkpoint (.json)">
          <input
            id="verify-document"
            type="file"
            accept="application/json,.json"
            className={fileInput}
            onChange={(e) => setDocumentFile(e.target.files?.[0])}
          />
        </Field>
        <Field id="verify-data" label="Exported file (.csv or .ndjson), for a manifest">
          <input
            id="verify-data"
            type="file"
            accept=".csv,.ndjson,text/csv,application/x-ndjson"
            className={fileInput}
            onChange={(e) => setDataFile(e.target.files?.[0])}
          />
        </Field>
        <Field
          id="verify-key"
          label="Public key file (optional)"
          hint={
            published.data && published.data.keys.length > 1
              ? `Without one, the ${published.data.keys.length} keys this console publishes are used (current and retired).`
              : "Without one, the key this console publishes is used."
          }
        >
          <input
            id="verify-key"
            type="file"
            accept=".json,.pem,.txt"
            className={fileInput}
            onChange={(e) => setKeyFile(e.target.files?.[0])}
          />
        </Field>
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

      {outcome ? (
        <section
          aria-labelledby="verify-result"
          className="space-y-3 rounded-lg border border-border bg-surface p-4"
          data-testid="verify-result"
          data-verdict={passed ? "verified" : "failed"}
        >
          <h2 id="verify-result" className={passed ? "font-semibold text-success" : "font-semibold text-danger"}>
            {passed ? "Verified" : "Not verified"}
          </h2>
          <p className="text-sm">{outcome.summary}</p>
          <ul className="space-y-2 text-sm">
            {outcome.checks.map((check) => (
              <li key={check.label} className="flex items-start gap-2" data-check={check.label} data-ok={check.ok}>
                {check.ok ? (
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-label="passed" />
                ) : (
                  <CircleX className="mt-0.5 size-4 shrink-0 text-danger" aria-label="failed" />
                )}
                <span className="min-w-0 break-words">
                  <strong>{check.label}:</strong> {check.detail}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
