"use client";

/** Last resort when the root layout itself fails: plain markup, no providers. */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
        <h1>The console could not be displayed</h1>
        <p>The error was logged on the server{error.digest ? ` (reference ${error.digest})` : ""}.</p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </body>
    </html>
  );
}
