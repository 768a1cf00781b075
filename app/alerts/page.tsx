import type { Metadata } from "next";
import { AccessDenied } from "@/components/ui/access-denied";
import { AreaUnavailable } from "@/components/shell/area-unavailable";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  const user = await requireUser("/alerts");
  if (!can(user.role, "alerts:read")) return <AccessDenied what="alerts:read" />;
  return (
    <AreaUnavailable
      title="Alerts"
      description="Browse alert-webhook deliveries with every filter, replay failures and export the filtered set."
    />
  );
}
