/** The deprecated alert helpers' forms, shared by the tools page and its actions. */
import { z } from "zod";
import { formatChainSchema } from "@/lib/contracts/deprecated";
import { freeText } from "@/lib/shared/text";

export const MAX_RAW_ALERT_CHARS = 200_000;

export const formatToolSchema = z.object({
  chain: formatChainSchema,
  rawAlert: z
    .string()
    .min(1, "Paste the webhook body")
    .max(MAX_RAW_ALERT_CHARS, "That body is too large for this tool")
    .refine((text) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    }, "This is not JSON: paste the webhook body exactly as it was received"),
  /** The /alerts/format variant: a body holding one or many transactions. */
  many: z.boolean().default(true),
});

export const retryBlockToolSchema = z.object({
  chainReferenceId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, "The EVM chain reference: the number after eip155:, e.g. 11155111"),
  blockNumber: z.coerce
    .number({ message: "Enter a block number" })
    .int("A whole block number")
    .min(0, "A block number is not negative")
    .max(Number.MAX_SAFE_INTEGER, "That block number is too large"),
  streamId: freeText().min(1, "Enter the stream id the operator gave you").max(200),
});
