import NextAuth from "next-auth";
import { authCrossSiteRefusal } from "@/server/auth/cross-site";
import { withDeviceCookie } from "@/server/auth/device-cookie-route";
import { authOptions } from "@/server/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built on first use, not at import, so `next build` never needs runtime configuration. A password
// sign-in that issues a session also sets the browser's device cookie.
async function handler(request: Request, context: Ctx) {
  const params = await context.params;
  const options = authOptions();
  // Before next-auth does anything: a page on another site gets a 403, except an identity provider's callback.
  const refusal = authCrossSiteRefusal(request, params.nextauth, options.providers);
  if (refusal) return refusal;
  return withDeviceCookie(() => NextAuth(options)(request, { params }));
}

export { handler as GET, handler as POST };
