import type { Metadata } from "next";
import { LegacyTools } from "@/components/alerts/legacy-tools";
import { AccessDenied } from "@/components/ui/access-denied";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { requireUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Legacy alert tools" };

export default async function LegacyToolsPage() {
  const user = await requireUser("/alerts/tools");
  if (!can(user.role, "alerts:legacy-tools")) return <AccessDenied what="alerts:legacy-tools" />;
  return (
    <>
      <PageHeader
        title="Legacy alert tools"
        description="Two helpers the upstream marks as deprecated: they still work, but may go away. Prefer the events list and its replay."
      />
      <LegacyTools />
    </>
  );
}
