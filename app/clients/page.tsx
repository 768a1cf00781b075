import type { Metadata } from "next";
import { Construction } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { AccessDenied } from "@/components/ui/access-denied";
import { EmptyState } from "@/components/ui/states";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";

export const metadata: Metadata = { title: "Clients" };

export default async function ClientsPage() {
  const user = await requireUser("/clients");
  if (!can(user.role, "clients:read")) return <AccessDenied what="clients:read" />;
  return (
    <>
      <PageHeader title="Clients" description="Find clients, read wallets and balances, issue credentials, build transfers and run key ejection." />
      <EmptyState title="This area is not available yet" icon={<Construction className="size-6" aria-hidden />}>
        It needs the wallet infrastructure upstream, which this version of the console does not call yet.
      </EmptyState>
    </>
  );
}
