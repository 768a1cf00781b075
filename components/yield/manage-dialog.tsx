"use client";
import { useRouter } from "next/navigation";
import { useAction } from "@/components/hooks/use-action";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { enumWords as words, withUnit } from "@/lib/yield/words";
import { previewYieldRun } from "@/server/actions/yield";

/** A pending action someone chose to run: which client, position, balance and action. */
export interface PendingChoice {
  clientId: string;
  isAccountAbstracted: boolean;
  yieldId: string;
  name: string;
  action: string;
  balanceType: string;
  amount: string;
  symbol: string;
}

/**
 * Runs one of the provider's pending actions: previews it (the server sends the pending action's
 * passthrough back unchanged) and opens the run's page, where it is started.
 */
export function ManageDialog({ choice, onClose }: { choice: PendingChoice | undefined; onClose: () => void }) {
  const router = useRouter();
  const manage = useAction(previewYieldRun, {
    errors: "inline",
    onSuccess: (run) => router.push(`/yield/runs/${run.id}`),
  });
  return (
    <ConfirmDialog
      open={choice !== undefined}
      onOpenChange={(open) => !open && (onClose(), manage.reset())}
      title={choice ? `${words(choice.action)} on ${choice.name}` : ""}
      confirmLabel="Preview transactions"
      tone="primary"
      pending={manage.pending}
      error={manage.formError}
      onConfirm={() =>
        choice &&
        manage.run({
          intent: "manage",
          clientId: choice.clientId,
          yieldId: choice.yieldId,
          action: choice.action,
          balanceType: choice.balanceType,
          stripGas: choice.isAccountAbstracted,
        })
      }
    >
      {choice ? (
        <p>
          {words(choice.action)} on the {choice.balanceType} balance ({withUnit(choice.amount, choice.symbol)}), the
          provider&apos;s own pending action, with its passthrough sent back unchanged. Its transactions are shown
          first; nothing is signed until you start the run.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
