"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { HttpError } from "@/lib/shared/query-client";
import { ErrorState } from "./states";

/**
 * A page whose own read was refused because the upstream's rate limit is used up (RATE_LIMITED):
 * the server's message, and Retry (a fresh server render) once the wait is over.
 */
export function RateLimitedPage({ message, retryAfterSeconds }: { message: string; retryAfterSeconds?: number }) {
  const router = useRouter();
  const [error] = useState(() => new HttpError(429, message, "RATE_LIMITED", undefined, retryAfterSeconds));
  return (
    <div className="py-10">
      <ErrorState
        title="This page could not be loaded yet"
        message={message}
        error={error}
        onRetry={() => router.refresh()}
      />
    </div>
  );
}
