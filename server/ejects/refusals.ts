import "server-only";
import { AppError } from "@/server/errors";
import { isUpstreamError, type UpstreamError } from "@/server/upstream/errors";

/**
 * The upstream's refusals of an eject step, in the words staff use. Its own text names API paths
 * and fields ("back it up with POST {mpc_url}/v1/backup", "ejectableUntil must be …"), which tell a
 * support lead nothing they can act on, so known refusals are recognised and retold; anything else
 * gets one plain sentence, and the full error goes to the server log under the request id the
 * console shows beside the message (the action's code is then UPSTREAM, which is logged in full).
 */
export type EjectStep = "open" | "fetch";

const DID_NOT_HAPPEN: Record<EjectStep, string> = {
  open: "Nothing was opened; the approval still stands.",
  fetch: "Nothing was handed out.",
};

const REFUSED: Record<EjectStep, string> = {
  open: "The wallet service refused to open the eject window",
  fetch: "The wallet service refused to hand out the backup shares",
};

interface Known {
  test: RegExp;
  say: (step: EjectStep) => string;
}

/** Most specific first: "started a backup but did not complete it" also says "no backup share". */
const KNOWN: Known[] = [
  {
    test: /managed backups?/i,
    say: () =>
      "This custodian does not use managed backups, so the wallet service holds no backup shares to hand out. No wallet of this client can be ejected until managed backups are turned on for the custodian.",
  },
  {
    test: /did not complete|not completed|incomplete/i,
    say: () =>
      "The client started a backup of this wallet but did not complete it, so there are no backup shares to hand out yet. The client has to finish the backup in their wallet first.",
  },
  {
    test: /no backup share|not backed (it )?up|back it up|\/backup\b/i,
    say: () =>
      "The wallet service has no backup shares for this wallet: the client has not backed it up. The client has to back the wallet up in their wallet first.",
  },
  {
    test: /no longer ejectable|window closed/i,
    say: () => "The eject window had already closed at the wallet service. Make a new request if it is still needed.",
  },
  {
    test: /not ejectable|enable eject/i,
    say: () =>
      "The wallet service does not have an eject window open for this wallet. Make a new request if it is still needed.",
  },
  {
    test: /at least 1 minute|ejectableUntil/i,
    say: () =>
      "The wallet service wants the window to end at least one minute from now and found it too short. Try again.",
  },
  {
    test: /not a wallet of|wallet .*not found/i,
    say: () => "The wallet service does not know this wallet for this client any more. Reload the client.",
  },
];

function translate(error: UpstreamError, step: EjectStep): AppError {
  const cause = { cause: error };
  const code = step === "open" ? "VALIDATION" : "CONFLICT";
  switch (error.name) {
    case "BadRequestError": {
      const known = KNOWN.find((k) => k.test.test(error.upstreamMessage ?? ""));
      if (known)
        return new AppError(code, `${REFUSED[step]}. ${known.say(step)} ${DID_NOT_HAPPEN[step]}`, undefined, cause);
      return new AppError(
        "UPSTREAM",
        `${REFUSED[step]} for a reason the console does not recognise. ${DID_NOT_HAPPEN[step]} An administrator can read the reason in the server log under the request id that follows.`,
        undefined,
        cause,
      );
    }
    case "NotFoundError":
      return new AppError(
        "NOT_FOUND",
        `The wallet service no longer knows this client or wallet. ${DID_NOT_HAPPEN[step]}`,
        undefined,
        cause,
      );
    case "ConnectionError":
    case "TimeoutError":
      return new AppError(
        "UPSTREAM_UNAVAILABLE",
        `The wallet service could not be reached in time. ${step === "open" ? "The window may not be open" : "Nothing was handed out"}; try again while the ${step === "open" ? "approval" : "window"} lasts.`,
        undefined,
        cause,
      );
    case "RateLimitedError":
      return new AppError(
        "RATE_LIMITED",
        `The wallet service is busy with the console's requests. ${DID_NOT_HAPPEN[step]} Try again in a minute.`,
        undefined,
        cause,
      );
    default:
      // A server error, an answer in an unexpected shape, rejected credentials: nothing staff can fix.
      return new AppError(
        "UPSTREAM",
        `The wallet service failed while ${step === "open" ? "opening the eject window" : "handing out the backup shares"} (an error on its side). ${DID_NOT_HAPPEN[step]} Try again in a moment; if it keeps failing, give an administrator the request id that follows.`,
        undefined,
        cause,
      );
  }
}

/** An upstream failure of an eject step as an AppError in staff words; anything else unchanged. */
export function ejectRefusal(error: unknown, step: EjectStep): unknown {
  return isUpstreamError(error) ? translate(error, step) : error;
}
