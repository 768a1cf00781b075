/**
 * Error bodies, which differ by service (api-shapes §0, §4.8). The spec says only that failures
 * are 400 and does not show a body; these are the shapes the real API answers with.
 */
import { z } from "zod";

/** Administration and client REST API: often `{}`, sometimes `{ error: "<message>" }`. */
export const adminErrorBodySchema = z.looseObject({ error: z.string().optional() });

/** Error ids of the MPC service. */
export const MPC_ERROR_IDS = [
  "ERROR",
  "INTERNAL_ERROR",
  "BAD_REQUEST",
  "NOT_FOUND",
  "STATE_INVALID",
  "OPERATION_IN_PROGRESS",
  "WEBHOOK_FAILED",
  "AUTH_FAILED",
  "ADDRESS_BLOCKED",
  "TX_BUILD_FAILED",
  "MSG_BUILD_FAILED",
  "METHOD_UNSUPPORTED",
  "RPC_OP_FAILED",
  "MPC_PROTOCOL_UNSUPPORTED",
  "WS_MSG_MALFORMED",
  "WS_NETWORK_ERROR",
  "WS_CLOSED",
  "WS_READ_FAILED",
  "WS_WRITE_FAILED",
  "DKG_FAILED",
  "DKG_REFRESH_FAILED",
  "DKG_REFRESH_MISMATCH",
  "SIGN_FAILED",
  "SIGN_SHARE_MISMATCH",
  "ENCRYPT_FAILED",
  "DECRYPT_FAILED",
  "SAVE_SIGNING_SHARE_FAILED",
  "SAVE_BACKUP_SHARE_FAILED",
  "PUBLIC_KEY_BUILD_FAILED",
  "PUBLIC_KEY_VERIFICATION_FAILED",
  "ADDRESS_CALC_FAILED",
  "PRIVATE_KEY_RECOVERY_FAILED",
  "SHARE_PARSING_FAILED",
  "METADATA_INVALID",
] as const;
export type MpcErrorId = (typeof MPC_ERROR_IDS)[number];

const mpcErrorFields = { id: z.string(), message: z.string().optional() };

/** MPC 400, current docs: `{ id, message? }`. */
export const mpcErrorBodySchema = z.looseObject(mpcErrorFields);

/** MPC 400, error-codes page: the same fields wrapped, with a deprecated numeric code. */
export const mpcWrappedErrorBodySchema = z.looseObject({
  error: z.looseObject({ ...mpcErrorFields, code: z.number().optional() }),
});

/** Either MPC variant (the sources disagree on the wrapper, so both are accepted). */
export const anyMpcErrorBodySchema = z.union([mpcErrorBodySchema, mpcWrappedErrorBodySchema]);

/** MPC 401: a bare JSON string such as "Authorization header is missing". */
export const mpcUnauthorizedBodySchema = z.string();
