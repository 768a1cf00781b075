"use client";

/** Last resort when the root layout itself fails: plain markup, no providers. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
        <h1>The console could not be displayed</h1>
        <p>The error was logged on the server{error.digest ? ` (reference ${error.digest})` : ""}.</p>
        <button type="button" onClick={reset}>
          Try again
        </button>
      </body>
    </html>
  );
}
