import "server-only";
import { getEnv } from "@/server/env";

/**
 * The console's public origin, for the links in notifications (sent with no request to take a host
 * from): NEXTAUTH_URL when set, else http://localhost:<PORT>.
 */
export function publicOrigin(): string {
  const env = getEnv();
  return env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : `http://localhost:${env.PORT}`;
}
