/** The yield routes' query strings, parsed with the same schemas on the server and built by the pages. */
import { z } from "zod";
import { isCaip2 } from "@/lib/chains";
import { clientIdSchema } from "@/lib/clients";
import { OPPORTUNITY_SORTS, TESTNETS } from "./opportunities";

const network = z.string().refine((v) => isCaip2(v), "Not a CAIP-2 chain id");

export const opportunitiesQuerySchema = z.object({
  clientId: clientIdSchema,
  network: z.union([z.literal(TESTNETS), network]).optional(),
  token: z.string().trim().max(100).optional(),
  type: z.string().trim().max(40).optional(),
  sort: z.enum(OPPORTUNITY_SORTS).default("rate-desc"),
});

export const positionsQuerySchema = z.object({
  clientId: clientIdSchema,
  networks: z
    .string()
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(z.array(network).min(1, "Choose a network").max(10, "At most 10 networks at once"))
    // Left out: the client's own networks (where it has runs or provider actions).
    .optional(),
});

/** The client's balance of a yield's token on its network (what an Enter may take). */
export const availableQuerySchema = z.object({
  clientId: clientIdSchema,
  network,
  /** The token's contract address, or its symbol for a native coin. */
  token: z.string().trim().min(1, "Name the token").max(100),
});

export const clientQuerySchema = z.object({ clientId: clientIdSchema });
