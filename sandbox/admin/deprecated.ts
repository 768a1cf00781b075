/**
 * The three deprecated custodian endpoints. The format endpoints take a raw EIP_155_TX_V1 webhook
 * body (stringified) and return its transfers normalised: lower-case addresses, chainName filled
 * in, blockNumber as a string, tokenDecimals as a number. retry-by-block-number re-delivers, for
 * real, every event of that block to its webhook and answers 204.
 */
import { Hono } from "hono";
import { chainFamily, resolveFormatChain } from "@/lib/chains";
import {
  formatAlertBodySchema,
  formattedTransferSchema,
  retryByBlockNumberBodySchema,
  type FormattedTransfer,
} from "@/lib/contracts";
import type { AlertService } from "../alerts/alert-service";
import { chainNameOf } from "../alerts/payload";
import { badRequest, readJsonObject } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput } from "../http/validate";

/** The transfers of a raw alert: the webhook envelope {data:[…]}, an array of transfers, or one transfer. */
function transfersOf(rawAlert: string): FormattedTransfer[] {
  const raw = JSON.parse(rawAlert) as unknown;
  const envelope =
    raw && typeof raw === "object" && !Array.isArray(raw) && "data" in raw
      ? (raw as { data: unknown; type?: unknown })
      : undefined;
  if (envelope?.type !== undefined && envelope.type !== "EIP_155_TX_V1")
    throw badRequest(
      `rawAlert: events of type ${JSON.stringify(envelope.type)} cannot be formatted; expected EIP_155_TX_V1`,
    );
  const items = envelope ? envelope.data : raw;
  const list = Array.isArray(items) ? items : [items];
  if (list.length === 0) throw badRequest("rawAlert: holds no transfers");
  return list.map((item, k) => {
    const parsed = formattedTransferSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(
        `rawAlert: transfer ${k} is not an EIP_155_TX_V1 transfer (${issue?.path.join(".") || "item"}: ${issue?.message})`,
      );
    }
    return parsed.data;
  });
}

function normalise(t: FormattedTransfer): FormattedTransfer {
  const decimals = t.metadata.tokenDecimals;
  return {
    ...t,
    from: t.from.toLowerCase(),
    to: t.to.toLowerCase(),
    chainName: t.chainName ?? chainNameOf(t.chainId),
    metadata: {
      ...t.metadata,
      tokenAddress: t.metadata.tokenAddress?.toLowerCase() ?? null,
      tokenDecimals: typeof decimals === "string" ? Number(decimals) : decimals,
      blockNumber: t.metadata.blockNumber === undefined ? undefined : String(t.metadata.blockNumber),
    },
  };
}

function formatted(chain: string, rawAlert: string): FormattedTransfer[] {
  const chainId = chain === "eip155" ? undefined : resolveFormatChain(chain);
  if (chainId && chainFamily(chainId) !== "eip155")
    throw badRequest(
      `chain: ${chain} alerts are SOLANA_TX_V1 events, which the sandbox does not emit; rawAlert must be an EIP_155_TX_V1 body with chain eip155 or an EVM chain`,
    );
  const transfers = transfersOf(rawAlert).map(normalise);
  const elsewhere = chainId && transfers.find((t) => t.chainId !== chainId);
  if (elsewhere) throw badRequest(`rawAlert: holds a transfer on ${elsewhere.chainId}, not on ${chainId}`);
  return transfers;
}

export function deprecatedRoutes(alerts: AlertService) {
  const app = new Hono<SandboxHttpEnv>();

  app.post("/api/v3/custodians/me/alerts/wallets/format", async (c) => {
    const body = parseInput(formatAlertBodySchema, await readJsonObject(c));
    const transfers = formatted(body.chain, body.rawAlert);
    if (transfers.length > 1)
      throw badRequest(
        `rawAlert: holds ${transfers.length} transfers; POST /api/v3/custodians/me/alerts/format formats several`,
      );
    return c.json(transfers[0]);
  });

  app.post("/api/v3/custodians/me/alerts/format", async (c) => {
    const body = parseInput(formatAlertBodySchema, await readJsonObject(c));
    return c.json(formatted(body.chain, body.rawAlert));
  });

  app.post("/api/v3/custodians/me/alerts/retry-by-block-number", async (c) => {
    const body = parseInput(retryByBlockNumberBodySchema, await readJsonObject(c));
    alerts.redeliverBlock(`eip155:${body.chainReferenceId}`, body.blockNumber);
    return c.body(null, 204);
  });

  return app;
}
