import NextAuth from "next-auth";
import { withDeviceCookie } from "@/server/auth/device-cookie-route";
import { authOptions } from "@/server/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built on first use, not at import, so `next build` never needs runtime configuration. A password
// sign-in that issues a session also sets the browser's device cookie.
async function handler(request: Request, context: Ctx) {
  const params = await context.params;
  return withDeviceCookie(() => NextAuth(authOptions())(request, { params }));
}

export { handler as GET, handler as POST };
