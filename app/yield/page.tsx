import type { Metadata } from "next";
import { AccessDenied } from "@/components/ui/access-denied";
import { AreaUnavailable } from "@/components/shell/area-unavailable";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Yield" };

export default async function YieldPage() {
  const user = await requireUser("/yield");
  if (!can(user.role, "yield:read")) return <AccessDenied what="yield:read" />;
  return (
    <AreaUnavailable title="Yield" description="Yield opportunities, positions and step-by-step transaction runs." />
  );
}
