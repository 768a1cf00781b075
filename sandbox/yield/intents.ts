/**
 * POST /actions/enter, /exit and /manage: the request checked against the catalogue and the chain's state
 * (limits, what the wallet holds, the active position, the pending action's passthrough), then its steps.
 */
import {
  type Address,
  type Hex,
  decodeFunctionResult,
  encodeFunctionData,
  formatUnits,
  getAddress,
  parseUnits,
} from "viem";
import type { EnterYieldBody, ExitYieldBody, ManageYieldBody } from "@/lib/contracts";
import { badRequest } from "../http/errors";
import type { ClientRecord } from "../types";
import { erc20Abi } from "./abi";
import { type Opportunity, findOpportunity } from "./catalogue";
import { type YieldContext, requesterOf } from "./context";
import { createAction } from "./create-action";
import { balancesOf, readPosition } from "./positions";
import { type Step, approvalStep, enterStep, exitStep, manageStep } from "./steps";
import type { StoredAction } from "./store";

export async function enter(context: YieldContext, client: ClientRecord, body: EnterYieldBody): Promise<StoredAction> {
  const o = opportunity(body.yieldId);
  const address = walletOf(client, body.address);
  const amount = body.arguments?.amount;
  if (amount === undefined) throw badRequest("arguments.amount: is required");
  const raw = rawAmount(o, amount);
  if (raw < parseUnits(o.minimum, o.token.decimals))
    throw badRequest(`arguments.amount: ${amount} is below the entry minimum of ${o.minimum} ${o.token.symbol}`);
  if (o.maximum !== null && raw > parseUnits(o.maximum, o.token.decimals))
    throw badRequest(`arguments.amount: ${amount} is above the entry maximum of ${o.maximum} ${o.token.symbol}`);
  const request = requesterOf(context, o.reference);
  if (body.arguments?.skipPrechecks !== true) {
    const held =
      o.token.address === null
        ? await context.chains.nativeBalance(o.reference, address)
        : await context.chains.tokenBalance(o.reference, o.token.address, address);
    if (held < raw)
      throw badRequest(
        `arguments.amount: ${amount} ${o.token.symbol} is more than the wallet holds (${formatUnits(held, o.token.decimals)})`,
      );
  }
  const steps: Step[] = [];
  if (o.token.address !== null) {
    const allowance = decodeFunctionResult({
      abi: erc20Abi,
      functionName: "allowance",
      data: (await request("eth_call", [
        {
          to: o.token.address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "allowance", args: [address, o.pool] }),
        },
        "pending",
      ])) as Hex,
    });
    steps.push(approvalStep(o, address, raw, allowance));
  }
  steps.push(enterStep(o, address, raw));
  return createAction(context, {
    client,
    opportunity: o,
    address,
    intent: "enter",
    type: "STAKE",
    steps,
    raw,
    rawArguments: body.arguments ?? null,
  });
}

export async function exit(context: YieldContext, client: ClientRecord, body: ExitYieldBody): Promise<StoredAction> {
  const o = opportunity(body.yieldId);
  const address = walletOf(client, body.address);
  const position = await readPosition(context.chains, o, address);
  if (position.active === 0n) throw badRequest(`address: ${address} has no active position in ${o.id}`);
  const useMax = body.arguments?.useMaxAmount === true;
  const amount = body.arguments?.amount;
  if (amount === undefined && !useMax)
    throw badRequest("arguments.amount: is required (or set useMaxAmount to exit the whole position)");
  let step: Step;
  let raw: bigint;
  if (useMax || amount === undefined) {
    raw = position.active;
    step = exitStep(o, address, raw, o.spec.kind === "staking" ? undefined : position.shares);
  } else {
    raw = rawAmount(o, amount);
    if (raw > position.active)
      throw badRequest(
        `arguments.amount: ${amount} ${o.token.symbol} is more than the active position (${formatUnits(position.active, o.token.decimals)})`,
      );
    step = exitStep(o, address, raw);
  }
  return createAction(context, {
    client,
    opportunity: o,
    address,
    intent: "exit",
    type: "UNSTAKE",
    steps: [step],
    raw,
    rawArguments: body.arguments ?? null,
  });
}

export async function manage(
  context: YieldContext,
  client: ClientRecord,
  body: ManageYieldBody,
): Promise<StoredAction> {
  const o = opportunity(body.yieldId);
  const address = walletOf(client, body.address);
  const content = context.signer.verify(body.passthrough);
  if (!content)
    throw badRequest(
      "passthrough: not a passthrough this provider issued; send the pending action's passthrough back unchanged",
    );
  if (content.yieldId !== o.id || content.address !== address.toLowerCase())
    throw badRequest(`passthrough: it belongs to another position (${content.yieldId} of ${content.address})`);
  if (content.type !== body.action)
    throw badRequest(`action: the passthrough is that of a ${content.type} pending action, not ${body.action}`);
  const position = await readPosition(context.chains, o, address);
  const balances = balancesOf(o, address, position, context.signer, "");
  const balance = balances.find((b) =>
    b.pendingActions.some((p) => p.type === body.action && p.passthrough === body.passthrough),
  );
  if (!balance) {
    const pending = balances.flatMap((b) => b.pendingActions.map((p) => p.type));
    throw badRequest(
      `action: ${body.action} is not a pending action of this position now (pending: ${pending.length > 0 ? pending.join(", ") : "none"})`,
    );
  }
  const raw = BigInt(balance.amountRaw);
  return createAction(context, {
    client,
    opportunity: o,
    address,
    intent: "manage",
    type: body.action,
    steps: [manageStep(o, body.action, raw)],
    raw,
    rawArguments: body.arguments ?? null,
  });
}

function opportunity(yieldId: string): Opportunity {
  const o = findOpportunity(yieldId);
  if (!o) throw badRequest(`yieldId: no yield ${yieldId}; GET /yields lists them`);
  return o;
}

/** The request's address, which must be the client's EVM wallet (its smart account if account-abstracted). */
function walletOf(client: ClientRecord, address: string): Address {
  const own = client.namespaces.eip155?.address;
  if (!own) throw badRequest("address: the client has no EVM wallet yet (POST /v1/generate creates it)");
  if (address.toLowerCase() !== own.toLowerCase())
    throw badRequest(`address: ${address} is not this client's wallet (${own})`);
  return getAddress(own);
}

function rawAmount(o: Opportunity, amount: string): bigint {
  const fraction = amount.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > o.token.decimals)
    throw badRequest(
      `arguments.amount: ${amount} has more decimal places than ${o.token.symbol}'s ${o.token.decimals}`,
    );
  return parseUnits(amount, o.token.decimals);
}
