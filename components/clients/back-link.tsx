"use client";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useReturnPlace } from "@/components/shell/navigation-memory";

/**
 * "← Clients", back to the last list page the user worked from in this tab (its page and size, or
 * Approvals, or the audit log with its filters, and it says which), however many clients they
 * opened since; "/clients" in a fresh tab.
 */
export function BackLink() {
  const place = useReturnPlace();
  return (
    <Link
      href={place?.href ?? "/clients"}
      className="mb-2 inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
    >
      <ArrowLeft className="size-3.5" aria-hidden /> {place?.label ?? "Clients"}
    </Link>
  );
}
