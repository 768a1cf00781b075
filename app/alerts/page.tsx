import type { Metadata } from "next";
import { Construction } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { AccessDenied } from "@/components/ui/access-denied";
import { EmptyState } from "@/components/ui/states";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  const user = await requireUser("/alerts");
  if (!can(user.role, "alerts:read")) return <AccessDenied what="alerts:read" />;
  return (
    <>
      <PageHeader title="Alerts" description="Browse alert-webhook deliveries with every filter, replay failures and export the filtered set." />
      <EmptyState title="This area is not available yet" icon={<Construction className="size-6" aria-hidden />}>
        It needs the wallet infrastructure upstream, which this version of the console does not call yet.
      </EmptyState>
    </>
  );
}
