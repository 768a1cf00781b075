"use client";
import { ErrorState } from "@/components/ui/states";

/** A render error inside a page: a message and retry, never a stack trace. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="py-10">
      <ErrorState
        title="Something went wrong on this page"
        message={`The error was logged on the server${error.digest ? ` (reference ${error.digest})` : ""}. Try again; if it keeps happening, give the reference to an administrator.`}
        onRetry={reset}
      />
    </div>
  );
}
