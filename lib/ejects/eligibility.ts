/**
 * Whether a wallet can be requested for ejection, checked when the request is made (the server)
 * and said in the request form before anyone fills it in: one rule and one wording for both, so
 * nobody requests or approves what the upstream would refuse at the end.
 */
import type { Client, Wallet } from "../contracts";
import { utc } from "../shared/format";

export interface EjectIneligibility {
  /** CONFLICT: the wallet is already ejected; VALIDATION: it cannot be ejected as things are. */
  code: "CONFLICT" | "VALIDATION";
  message: string;
  /** The short form, beside the wallet picker of a refused request. */
  field: string;
}

export function ejectIneligibility(
  client: Pick<Client, "environment">,
  wallet: Pick<Wallet, "backupSharePairs">,
  /** When the console already handed this wallet's backup shares out, if it did. */
  handedOutAt: string | undefined,
): EjectIneligibility | undefined {
  // The upstream ejects only for a custodian that uses managed backups (enable-eject and
  // ejectable-backup-shares both need them). Absent means "not said": the upstream decides then.
  if (client.environment.backupWithPortalEnabled === false)
    return {
      code: "VALIDATION",
      message: `This client cannot be ejected: its environment (${client.environment.name}) does not use managed backups, so the wallet service holds no backup shares to hand out.`,
      field: "Ejection needs managed backups",
    };
  // Shares the console handed out left MPC protection: the wallet is ejected, whatever the
  // upstream's record says (the clients list and the client page say so too).
  if (handedOutAt)
    return {
      code: "CONFLICT",
      message: `This wallet's backup shares were already handed out (${utc(handedOutAt)}): it is ejected, there is nothing left to request.`,
      field: "This wallet's shares were already handed out",
    };
  // The upstream can only hand out the backup shares of a wallet whose backup was completed.
  if (!wallet.backupSharePairs.some((pair) => pair.status === "completed"))
    return wallet.backupSharePairs.length === 0
      ? {
          code: "VALIDATION",
          message:
            "This wallet cannot be ejected: the client never backed it up, so there are no backup shares to hand out.",
          field: "This wallet has no completed backup",
        }
      : {
          code: "VALIDATION",
          message: "This wallet cannot be ejected yet: the client started a backup but did not complete it.",
          field: "This wallet has no completed backup",
        };
  return undefined;
}
