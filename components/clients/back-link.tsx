"use client";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { usePreviousPage } from "@/components/shell/navigation-memory";

const PLACES: [RegExp, string][] = [
  [/^\/clients(\?|$)/, "Clients"],
  [/^\/approvals(\?|$)/, "Approvals"],
  [/^\/audit(\?|$)/, "Audit log"],
];

/** "← Clients", back to the list page the user came from (its page and size), or where else they came from. */
export function BackLink() {
  const previous = usePreviousPage();
  const place = previous ? PLACES.find(([pattern]) => pattern.test(previous)) : undefined;
  const href = place && previous ? previous : "/clients";
  return (
    <Link href={href} className="mb-2 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
      <ArrowLeft className="size-3.5" aria-hidden /> {place?.[1] ?? "Clients"}
    </Link>
  );
}
