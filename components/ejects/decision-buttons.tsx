"use client";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { EjectRequestView } from "@/lib/ejects/views";
import { queryKeys } from "@/lib/shared/query-keys";
import { approveEject, rejectEject } from "@/server/actions/ejects";

/**
 * Approve or reject an eject request, each behind a confirmation that says what follows and asks
 * for the note that goes into the audit record. Used on the client's eject tab and on Approvals.
 */
export function DecisionButtons({ request }: { request: EjectRequestView }) {
  const [open, setOpen] = useState<"approve" | "reject" | null>(null);
  const invalidate = [
    queryKeys.clients.ejects(request.clientId),
    queryKeys.clients.detail(request.clientId),
    queryKeys.clients.all,
    queryKeys.approvals.all,
  ];
  const close = () => setOpen(null);
  const approve = useAction(approveEject, {
    invalidate,
    successMessage: "Approved.",
    errors: "inline",
    onSuccess: close,
  });
  const reject = useAction(rejectEject, {
    invalidate,
    successMessage: "Rejected.",
    errors: "inline",
    onSuccess: close,
  });
  const action = open === "approve" ? approve : reject;
  return (
    <>
      <Button variant="primary" size="sm" onClick={() => setOpen("approve")}>
        <Check className="size-3.5" aria-hidden /> Approve
      </Button>
      <Button size="sm" onClick={() => setOpen("reject")}>
        <X className="size-3.5" aria-hidden /> Reject
      </Button>
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) {
            close();
            approve.reset();
            reject.reset();
          }
        }}
        title={open === "approve" ? "Approve this eject?" : "Reject this eject?"}
        confirmLabel={open === "approve" ? "Approve the eject" : "Reject the request"}
        tone={open === "approve" ? "danger" : "primary"}
        note={{
          label: open === "approve" ? "Why you approve" : "Why you reject",
          minLength: 5,
          placeholder: open === "approve" ? "e.g. Checked ticket SUP-1234 with the user by phone" : undefined,
        }}
        pending={action.pending}
        error={action.fieldErrors.note ?? action.formError}
        onConfirm={(note) =>
          open === "approve"
            ? approve.run({ requestId: request.id, note })
            : reject.run({ requestId: request.id, note })
        }
      >
        {open === "approve" ? (
          <>
            <p>
              {request.requestedByEmail} will be able to open a {request.windowMinutes}-minute window in which the
              backup shares of wallet <span className="font-mono">{request.walletId}</span> ({request.curve}) of client{" "}
              <span className="font-mono">{request.clientId}</span> can be downloaded once.
            </p>
            <p className="font-medium text-danger">
              Ejection removes MPC protection from the wallet for good. The approval lapses if the window is not opened
              in time.
            </p>
          </>
        ) : (
          <p>
            The request by {request.requestedByEmail} ends; nothing happens to the wallet. They can make a new request.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
