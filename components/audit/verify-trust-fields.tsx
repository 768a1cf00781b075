"use client";
import { fileInput } from "./verify-file-input";
import { VERIFYING_DOC } from "./verify-result";

/**
 * Where the reviewer gives the key they trust, obtained outside the console: a key file, or a key or
 * key id pasted. Apart from the document's fields so it reads as the one choice that decides whether
 * the page may say "Verified".
 */
export function VerifyTrustFields({
  pasted,
  onPaste,
  onKeyFile,
  publishedCount,
}: {
  pasted: string;
  onPaste: (text: string) => void;
  onKeyFile: (file: File | undefined) => void;
  publishedCount: number | undefined;
}) {
  return (
    <fieldset className="grid gap-3 rounded border border-border p-3" aria-describedby="verify-trust-hint">
      <legend className="px-1 text-sm font-semibold">The key you trust</legend>
      <p id="verify-trust-hint" className="text-xs text-muted">
        The public key you obtained outside this console (see <code>{VERIFYING_DOC}</code>). Without one, the page
        checks against the {publishedCount === undefined || publishedCount === 1 ? "key" : `${publishedCount} keys`}{" "}
        this console publishes: that shows the document intact, not who signed it.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="verify-key" className="text-xs font-medium text-muted">
          Public key file (.json or .pem from the audit page, kept outside the console)
        </label>
        <input
          id="verify-key"
          type="file"
          accept=".json,.pem,.txt"
          className={fileInput}
          onChange={(e) => onKeyFile(e.target.files?.[0])}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="verify-pasted-key" className="text-xs font-medium text-muted">
          Or paste a public key (PEM or 64 hex digits) or the key id you pinned
        </label>
        <textarea
          id="verify-pasted-key"
          value={pasted}
          rows={2}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onPaste(e.target.value)}
          className="w-full rounded border border-border bg-surface px-2.5 py-1.5 font-mono text-xs text-fg placeholder:text-muted"
        />
      </div>
    </fieldset>
  );
}
