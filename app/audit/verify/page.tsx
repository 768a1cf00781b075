import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { VerifyEvidence } from "@/components/audit/verify-evidence";
import { PageHeader } from "@/components/ui/page-header";
import { getQueryClient } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireUser } from "@/server/auth/session";
import { shownPublishedKeys } from "@/server/evidence/signing-keys";

export const metadata: Metadata = { title: "Verify evidence" };

/** Open to every staff member: whoever received an export may check it. Nothing is uploaded. */
export default async function VerifyEvidencePage() {
  await requireUser("/audit/verify");
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    queryKey: queryKeys.audit.signingKeys(),
    queryFn: async () => ({ keys: await shownPublishedKeys() }),
  });
  return (
    <>
      <PageHeader
        title="Verify signed evidence"
        description="Pick a signed manifest and the file it describes, or a checkpoint, a case bundle or a key ejection's evidence pack alone. Your browser checks the signature, size, SHA-256 and row count here: nothing is uploaded."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <VerifyEvidence />
      </HydrationBoundary>
    </>
  );
}
