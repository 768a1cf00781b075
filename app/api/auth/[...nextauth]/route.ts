import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built on first use, not at import, so `next build` never needs runtime configuration.
async function handler(request: Request, context: Ctx) {
  return NextAuth(authOptions())(request, { params: await context.params });
}

export { handler as GET, handler as POST };
