import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { defineAction } from "@/server/kit/define-action";
import { fetchEjectShares } from "@/server/clients/eject";
import { HTTP_STATUS } from "@/server/errors";
import { clientIdSchema } from "@/lib/clients";

/**
 * The backup shares of an ejected wallet as one file download. A POST (never cached, never
 * prefetched), same-origin only, audited like an action; the console keeps no copy.
 */
const fetchShares = defineAction({
  action: "eject.fetch-shares",
  permission: "eject:fetch-shares",
  input: z.object({
    requestId: z.uuid("Unknown request"),
    clientId: clientIdSchema,
    confirmClientId: z.string().max(100),
  }),
  run: async (input, { user }) => {
    const { request, shares } = await fetchEjectShares(input.requestId, input.confirmClientId, user);
    if (request.clientId !== input.clientId) throw new Error("request does not belong to this client");
    return { request, shares };
  },
  target: (input) => `${input.clientId}/${input.requestId}`,
  auditResult: (r) => ({ walletId: r.request.walletId, delivered: "one download; not stored by the console" }),
});

export async function POST(
  request: NextRequest,
  { params }: { params: Promise<{ clientId: string; requestId: string }> },
) {
  const origin = request.headers.get("origin");
  if (!origin || new URL(origin).host !== request.headers.get("host"))
    return NextResponse.json(
      { error: { code: "FORBIDDEN", message: "Cross-site requests are refused." } },
      { status: 403 },
    );
  const { clientId, requestId } = await params;
  const body = (await request.json().catch(() => ({}))) as { confirmClientId?: unknown };
  const result = await fetchShares({
    requestId,
    clientId,
    confirmClientId: typeof body.confirmClientId === "string" ? body.confirmClientId : "",
  });
  if (!result.ok)
    return NextResponse.json(
      { error: result.error },
      { status: HTTP_STATUS[result.error.code], headers: { "cache-control": "no-store" } },
    );
  const { request: req, shares } = result.data;
  const file = {
    clientId: req.clientId,
    walletId: req.walletId,
    curve: req.curve,
    ejectRequestId: req.id,
    fetchedAt: new Date().toISOString(),
    encryptedClientBackupShare: shares.encryptedClientBackupShare,
    custodianBackupShare: shares.custodianBackupShare,
  };
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "content-type": "application/json",
      "content-disposition": `attachment; filename="eject-${req.clientId}-${req.walletId}.json"`,
      "cache-control": "no-store, max-age=0",
      pragma: "no-cache",
    },
  });
}
