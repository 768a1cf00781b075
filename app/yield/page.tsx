import type { Metadata } from "next";
import { Construction } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { AccessDenied } from "@/components/ui/access-denied";
import { EmptyState } from "@/components/ui/states";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Yield" };

export default async function YieldPage() {
  const user = await requireUser("/yield");
  if (!can(user.role, "yield:read")) return <AccessDenied what="yield:read" />;
  return (
    <>
      <PageHeader title="Yield" description="Yield opportunities, positions and step-by-step transaction runs." />
      <EmptyState title="This area is not available yet" icon={<Construction className="size-6" aria-hidden />}>
        It needs the wallet infrastructure upstream, which this version of the console does not call yet.
      </EmptyState>
    </>
  );
}
