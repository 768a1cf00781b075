import "server-only";
import { formatUnits, parseUnits } from "viem";
import type { z } from "zod";
import type { YieldAction } from "@/lib/contracts";
import { argumentsSchemaFor, type ArgumentValues } from "@/lib/yield/arguments";
import type { PreviewInput } from "@/lib/yield/forms";
import { overBalance, providerArgumentRefusal } from "@/lib/yield/over-balance";
import type { YieldRunView } from "@/lib/yield/runs";
import type { StaffUser } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { requireTestClient } from "@/server/lab/test-clients";
import { createYieldClient } from "@/server/upstream";
import { available, opportunity, positions, requireAddress, yieldClient } from "./reads";
import { createPreviewRun, getRunView } from "./runs-store";

const invalid = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: message });

/** The provider's refusal of an argument, under its field and in words; anything else as it was. */
async function askProvider<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    const refused = providerArgumentRefusal((error as { upstreamMessage?: string }).upstreamMessage);
    if (refused && (error as { name?: string }).name === "BadRequestError")
      throw new AppError("VALIDATION", refused.message, { [refused.field]: refused.message }, { cause: error });
    throw error;
  }
}

/** The arguments' messages, each under its field ("arguments.amount"), as the form shows them. */
function argumentsError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[["arguments", ...issue.path].join(".")] ??= issue.message;
  return new AppError("VALIDATION", Object.values(fields)[0] ?? "The arguments are not valid.", fields);
}

/**
 * Asks the provider for the action (enter, exit or manage) for a test client and stores its
 * transactions as a run to preview: nothing is signed until the run is started. Checked first,
 * against the opportunity and the client's current positions: the arguments against the yield's own
 * schema with its entry limits (enter), and the active balance (exit). For manage, the pending action is read from the provider's positions here and its
 * type and passthrough sent back unchanged: the browser names only which one, never a passthrough.
 */
export async function previewAction(user: StaffUser, input: PreviewInput): Promise<YieldRunView> {
  const db = await getDb();
  await requireTestClient(db, input.clientId);
  const client = await yieldClient(input.clientId);
  if (!client.hasShares)
    throw new AppError(
      "CONFLICT",
      "Generate this test client's wallet in the wallet lab first: the console signs with its shares.",
    );
  const address = requireAddress(client);
  const target = await opportunity(input.clientId, input.yieldId);
  if (!target.network)
    throw new AppError("UPSTREAM", `The provider names no network the console knows for ${target.id}.`);
  const decimals = target.token.decimals;
  const yields = createYieldClient({ clientId: input.clientId });
  let action: YieldAction;
  if (input.intent === "enter" || input.intent === "exit") {
    const fields = input.intent === "enter" ? target.enterArguments : target.exitArguments;
    const checked = argumentsSchemaFor(fields, target.token.symbol).safeParse(input.arguments);
    if (!checked.success) throw argumentsError(checked.error);
    const args = checked.data as ArgumentValues & { amount?: string; useMaxAmount?: boolean };
    if (input.intent === "enter") {
      if (!target.canEnter) throw new AppError("CONFLICT", `${target.name} does not take new entries now.`);
      // More than the wallet holds is refused here, in words, rather than by the provider.
      if (args.amount !== undefined) {
        const held = await available(input.clientId, target.network, target.token.address ?? target.token.symbol);
        const over = overBalance(args.amount, held);
        if (over) throw invalid("arguments.amount", over);
      }
      action = (await askProvider(() => yields.enter({ address, yieldId: target.id, arguments: args }))).data
        .rawResponse;
    } else {
      if (!target.canExit) throw new AppError("CONFLICT", `${target.name} does not allow exits now.`);
      const held = await positions(input.clientId, [target.network]);
      const active = held.items
        .filter((i) => i.yieldId === target.id)
        .flatMap((i) => i.balances)
        .filter((b) => b.type === "active")
        .reduce((sum, b) => sum + BigInt(b.amountRaw), 0n);
      if (active === 0n)
        throw invalid("arguments.amount", `The client has no active balance in ${target.name} to exit.`);
      if (args.amount !== undefined && parseUnits(args.amount, decimals) > active)
        throw invalid(
          "arguments.amount",
          `The client's active balance is ${formatUnits(active, decimals)} ${target.token.symbol}, less than ${args.amount}.`,
        );
      action = (await askProvider(() => yields.exit({ address, yieldId: target.id, arguments: args }))).data
        .rawResponse;
    }
  } else {
    const manage = input;
    const held = await positions(input.clientId, [target.network]);
    const offered = held.items
      .filter((i) => i.yieldId === target.id)
      .flatMap((i) => i.balances)
      .filter((b) => b.type === manage.balanceType)
      .flatMap((b) => b.pendingActions)
      .find((p) => p.type === manage.action);
    if (!offered)
      throw new AppError(
        "CONFLICT",
        `The provider no longer offers ${manage.action} on this position: read the positions again and pick it from there.`,
      );
    action = (
      await yields.manage({ address, yieldId: target.id, action: offered.type, passthrough: offered.passthrough })
    ).data.rawResponse;
  }
  if (action.transactions.length === 0) throw new AppError("UPSTREAM", "The provider returned no transaction to sign.");
  const row = await createPreviewRun(
    db,
    {
      clientId: input.clientId,
      isAccountAbstracted: client.isAccountAbstracted,
      address,
      chainId: target.network,
      yieldId: target.id,
      intent: input.intent,
      request:
        input.intent === "manage"
          ? { action: input.action, balanceType: input.balanceType }
          : {
              amount: typeof input.arguments.amount === "string" ? input.arguments.amount : undefined,
              arguments: input.arguments,
            },
      stripGas: input.stripGas,
      decimals,
      symbol: target.token.symbol,
      by: { id: user.id, email: user.email },
    },
    action,
  );
  return getRunView(db, row.id);
}
