import type { Metadata } from "next";
import { AccessDenied } from "@/components/ui/access-denied";
import { AreaUnavailable } from "@/components/shell/area-unavailable";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Gas" };

export default async function GasPage() {
  const user = await requireUser("/gas");
  if (!can(user.role, "gas:read")) return <AccessDenied what="gas:read" />;
  return <AreaUnavailable title="Gas" description="Gas-sponsorship usage per chain." />;
}
