import { z } from "zod";
import { sessionExpiresAt } from "@/server/auth/session";
import { defineRoute } from "@/server/kit/define-route";

/**
 * Whether the session still holds and when its cookie expires, for the open page's watch
 * (components/auth/session-watch.tsx). Reading it does not renew the session (only next-auth's own
 * session route does), so a page left open does not keep itself signed in; a session that has ended
 * answers 401 with the reason when the server knows it.
 */
export const GET = defineRoute({
  permission: "signed-in",
  query: z.object({}),
  run: async () => ({ expiresAt: await sessionExpiresAt() }),
});
