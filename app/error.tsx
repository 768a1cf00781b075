"use client";
import { ErrorState } from "@/components/ui/states";

/**
 * A render error inside a page: a message and Retry, never a stack trace. Retry fetches the page
 * from the server again (Next's `retry`), so a read that failed there is made again; `reset` would
 * only re-render what the browser already has, and show the same error.
 */
export default function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <div className="py-10">
      <ErrorState
        title="Something went wrong on this page"
        message={`The error was logged on the server${error.digest ? ` (reference ${error.digest})` : ""}. Try again; if it keeps happening, give the reference to an administrator.`}
        onRetry={retry}
      />
    </div>
  );
}
