import { z } from "zod";
import { shownPublishedKeys } from "@/server/evidence/signing-keys";
import { defineRoute } from "@/server/kit/define-route";

/**
 * The public keys that sign the console's evidence (export manifests, audit checkpoints): the
 * current one and every retired one, so what an older key signed stays verifiable. Public, but
 * served to staff only, like the rest of the console; a reviewer keeps a copy outside it.
 */
export const GET = defineRoute({
  permission: "signed-in",
  query: z.object({}),
  run: async () => ({ keys: await shownPublishedKeys() }),
});
