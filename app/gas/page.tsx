import type { Metadata } from "next";
import { Construction } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { AccessDenied } from "@/components/ui/access-denied";
import { EmptyState } from "@/components/ui/states";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Gas" };

export default async function GasPage() {
  const user = await requireUser("/gas");
  if (!can(user.role, "gas:read")) return <AccessDenied what="gas:read" />;
  return (
    <>
      <PageHeader title="Gas" description="Gas-sponsorship usage per chain." />
      <EmptyState title="This area is not available yet" icon={<Construction className="size-6" aria-hidden />}>
        It needs the wallet infrastructure upstream, which this version of the console does not call yet.
      </EmptyState>
    </>
  );
}
