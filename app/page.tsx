import type { Metadata } from "next";
import { Suspense } from "react";
import { CardSkeleton, OverviewCard } from "@/components/overview/card";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { requireUser } from "@/server/auth/session";
import { getUpstreamConfig } from "@/server/env";
import { AuditCardServer, ClientsCardServer, DeliveriesCardServer, GasCardServer } from "./overview-cards";

export const metadata: Metadata = { title: "Overview" };

/** The first page after sign-in: one card per area the role may open, each loading on its own. */
export default async function Overview() {
  const user = await requireUser();
  const upstream = getUpstreamConfig();
  const cards = [
    can(user.role, "clients:read") && { title: "Clients", card: <ClientsCardServer /> },
    can(user.role, "alerts:read") && { title: "Failed deliveries, last 24 hours", card: <DeliveriesCardServer /> },
    can(user.role, "gas:read") && { title: "Gas sponsored this month", card: <GasCardServer /> },
    can(user.role, "audit:read") && { title: "Latest audit records", card: <AuditCardServer /> },
  ].filter((c): c is { title: string; card: React.JSX.Element } => Boolean(c));
  return (
    <>
      <PageHeader title="Overview" description={`Signed in as ${user.email}.`} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {cards.map((c) => (
          <Suspense key={c.title} fallback={<CardSkeleton title={c.title} />}>
            {c.card}
          </Suspense>
        ))}
        <OverviewCard title="Upstream">
          <p>
            {upstream.mode === "sandbox" ? (
              <>
                The <strong>embedded sandbox</strong>, a local implementation of the Wallet Infrastructure API.
              </>
            ) : (
              <>
                The real service at <span className="font-mono break-all">{upstream.label}</span>.
              </>
            )}
          </p>
        </OverviewCard>
      </div>
    </>
  );
}
