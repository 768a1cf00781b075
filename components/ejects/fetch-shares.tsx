"use client";
import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { saveFile } from "@/components/ui/save-file";
import type { EjectRequestView } from "@/lib/ejects/views";
import { queryKeys } from "@/lib/shared/query-keys";
import { downloadEjectShares } from "@/server/actions/ejects";

/**
 * The shares go straight from the action's result into one file download: never rendered, never
 * kept in React Query's cache (the hook drops the result once saved), never stored by the console.
 */
export function FetchShares({ request, clientId }: { request: EjectRequestView; clientId: string }) {
  const [confirm, setConfirm] = useState("");
  const download = useAction(downloadEjectShares, {
    errors: "inline",
    secret: true,
    invalidate: [queryKeys.clients.ejects(clientId)],
    successMessage: "Backup shares downloaded. Keep the file safe; the console holds no copy.",
    onSuccess: (file) => {
      saveFile(file.fileName, file.content);
      setConfirm("");
    },
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    download.run({ requestId: request.id, clientId, confirmClientId: confirm });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Fetch backup shares" noValidate>
      <Field
        id={`confirm-${request.id}`}
        label={`Type the client id (${clientId}) to confirm`}
        className="min-w-80 flex-1"
        error={download.fieldErrors.confirmClientId ?? download.formError}
      >
        <Input
          id={`confirm-${request.id}`}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          className="font-mono"
          autoComplete="off"
        />
      </Field>
      <Button type="submit" variant="danger" disabled={download.pending || confirm.trim() !== clientId}>
        <Download className="size-4" aria-hidden /> {download.pending ? "Fetching…" : "Download backup shares"}
      </Button>
    </form>
  );
}
