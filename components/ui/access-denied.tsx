import { Lock } from "lucide-react";
import { describePermissions, type Permission } from "@/lib/auth/permissions";
import { EmptyState } from "./states";

/** A page the role may not open, said in words: what it lacks, never the permission's id. */
export function AccessDenied({ what }: { what: Permission | readonly Permission[] }) {
  const permissions = typeof what === "string" ? [what] : what;
  return (
    <EmptyState title="Not available to your role" icon={<Lock className="size-6" aria-hidden />}>
      Your role does not include {describePermissions(permissions)}. Ask an administrator if you need it.
    </EmptyState>
  );
}
