"use client";
import { FileCheck2 } from "lucide-react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import { downloadCaseBundle } from "@/server/actions/cases";

/**
 * The case the audit log is filtered to, as one signed file: its records with their chain positions,
 * the manifests of its exports (checked on the verify page or with `npm run verify-export`).
 */
export function CaseBundleButton({ caseRef }: { caseRef: string }) {
  const download = useAction(downloadCaseBundle, {
    successMessage: (r) => `Case bundle saved: ${r.records.toLocaleString("en")} records, signed.`,
    onSuccess: (file) => saveFile(file.fileName, file.content),
  });
  return (
    <Button
      onClick={() => download.run({ caseRef })}
      disabled={download.pending}
      data-testid="case-bundle"
      title={`Every record of case ${caseRef}, signed`}
    >
      <FileCheck2 className="size-4" aria-hidden /> {download.pending ? "Gathering…" : "Download case bundle"}
    </Button>
  );
}
