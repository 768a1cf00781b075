import { Lock } from "lucide-react";
import { EmptyState } from "./states";

export function AccessDenied({ what }: { what: string }) {
  return (
    <EmptyState title="Not available to your role" icon={<Lock className="size-6" aria-hidden />}>
      Your role does not include {what}. Ask an administrator if you need it.
    </EmptyState>
  );
}
