import Link from "next/link";
import { DownloadLink } from "@/components/ui/download-link";
import { evidenceFileName } from "@/lib/ejects/evidence-file";
import { ejectEvidenceUrl } from "@/lib/ejects/routes";
import type { EjectRequestView } from "@/lib/ejects/views";

/**
 * The signed evidence pack of a completed ejection, once it is written (a job writes it right after the
 * download is recorded: see server/ejects/evidence/job.ts). Nothing for a request whose shares were
 * not handed out: there is no completion to prove.
 */
export function EvidenceLink({ request: r }: { request: EjectRequestView }) {
  if (!r.sharesFetchedAt) return null;
  // One live region for both states, so the link's arrival is announced where the waiting line was.
  return (
    <div aria-live="polite">
      {r.evidenceSignedAt ? (
        <span className="inline-flex flex-wrap items-center gap-2" data-testid="eject-evidence">
          <DownloadLink href={ejectEvidenceUrl(r.id)} fileName={evidenceFileName(r.id)}>
            Evidence pack (signed JSON)
          </DownloadLink>
          <span className="text-xs text-muted">
            who asked, approved, opened and downloaded, the audit records and the shares&apos; SHA-256; check it on{" "}
            <Link href="/audit/verify" className="text-accent underline underline-offset-2">
              Verify
            </Link>
          </span>
        </span>
      ) : (
        <p className="text-xs text-muted" data-testid="eject-evidence-pending">
          The signed evidence pack is being written…
        </p>
      )}
    </div>
  );
}

/** How often a list with a pack still being written asks again. */
export const EVIDENCE_POLL_MS = 3_000;

/** While a downloaded request's pack is still being written, its list asks again every few seconds. */
export const awaitingEvidence = (requests: readonly EjectRequestView[] | undefined) =>
  requests?.some((r) => r.sharesFetchedAt !== null && r.evidenceSignedAt === null) ?? false;
