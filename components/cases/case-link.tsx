import Link from "next/link";
import { casePageUrl } from "@/lib/cases/record-case";

/** A record's case: a link to the audit log filtered to it for those who may read the log. */
export function CaseLink({ caseRef, canReadAudit }: { caseRef: string; canReadAudit: boolean }) {
  const text = `case ${caseRef}`;
  return canReadAudit ? (
    <Link href={casePageUrl(caseRef)} className="break-all text-accent hover:underline" data-testid="record-case">
      {text}
    </Link>
  ) : (
    <span className="break-all" data-testid="record-case">
      {text}
    </span>
  );
}
