/**
 * Custodian administration: key ejection (api-shapes §1.8, §1.9). Both endpoints need managed backups.
 */
import { z } from "zod";
import { idSchema, isoDateTimeSchema } from "./common";

/** The spec's lower bound on ejectableUntil. */
export const EJECT_MIN_LEAD_MS = 60_000;
/** The window when ejectableUntil is omitted ("enabling is described as lasting 5 minutes"). */
export const EJECT_DEFAULT_WINDOW_MS = 5 * 60_000;

export const enableEjectBodySchema = z.object({
  walletId: idSchema,
  ejectableUntil: isoDateTimeSchema
    // An unparseable value already failed the format check; report it once.
    .refine(
      (v) => Number.isNaN(Date.parse(v)) || Date.parse(v) - Date.now() >= EJECT_MIN_LEAD_MS,
      "ejectableUntil must be at least 1 minute from now",
    )
    .optional(),
});
export type EnableEjectBody = z.infer<typeof enableEjectBodySchema>;

export const enableEjectResponseSchema = z.looseObject({ ejectableUntil: isoDateTimeSchema });
export type EnableEjectResponse = z.infer<typeof enableEjectResponseSchema>;

export const walletParamsSchema = z.object({ clientId: idSchema, walletId: idSchema });

export const ejectableBackupSharesResponseSchema = z.looseObject({
  /** Ciphertext the client uploaded, or null when it never did. */
  encryptedClientBackupShare: z.string().nullable(),
  /** A JSON document as a string (backupSharePairId, clientId, share, ssid, …). Secret. */
  custodianBackupShare: z.string().min(1),
});
export type EjectableBackupSharesResponse = z.infer<typeof ejectableBackupSharesResponseSchema>;
