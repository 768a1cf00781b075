"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Handing over a one-time password: the dialog that shows it does not close on a password nobody has
 * revealed or copied without saying so first (a closed dialog cannot show it again, and the account
 * would keep a password no one knows until an admin resets it).
 */
export function useHandover() {
  const [seen, setSeen] = useState(false);
  const [asking, setAsking] = useState(false);
  return {
    asking,
    onSeen: () => setSeen(true),
    /** Whether the dialog may close now; when not, the question is asked instead. */
    mayClose(holdsSecret: boolean) {
      if (!holdsSecret || seen || asking) return true;
      setAsking(true);
      return false;
    },
    keep: () => setAsking(false),
    reset() {
      setSeen(false);
      setAsking(false);
    },
  };
}

export function HandoverDone({
  handover,
  label,
  onDone,
}: {
  handover: ReturnType<typeof useHandover>;
  label: string;
  onDone: () => void;
}) {
  if (!handover.asking)
    return (
      <div className="flex justify-end">
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  return (
    <div role="alert" className="space-y-2 rounded border border-danger/40 bg-danger-soft p-3 text-sm">
      <p>
        The {label} has not been revealed or copied, and it cannot be shown again. Without it nobody can sign in to this
        account until an admin resets its password.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={handover.keep}>Keep it open</Button>
        <Button variant="danger" onClick={onDone}>
          Close without it
        </Button>
      </div>
    </div>
  );
}
