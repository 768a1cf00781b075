import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { deviceSetCookie } from "./device-cookie";

/**
 * How a successful password sign-in sets the device cookie (./device-cookie.ts). next-auth v4's
 * credentials flow offers no way to add a cookie of one's own to its answer, so its route handler
 * runs inside `withDeviceCookie`: the credentials provider, once the sign-in has succeeded and is on
 * record, offers the cookie's value here, and the answer gets its Set-Cookie only if it really
 * issued a session cookie (a sign-in next-auth refused after that gets none). Secure exactly when
 * the session cookie is, which next-auth decides from the console's URL or the forwarded protocol.
 */
interface Slot {
  cookie?: string;
}

const slots = new AsyncLocalStorage<Slot>();

/** From the credentials provider: the device cookie this request's answer should set. */
export function offerDeviceCookie(value: string): void {
  const slot = slots.getStore();
  if (slot) slot.cookie = value;
}

export async function withDeviceCookie(handle: () => Promise<Response>): Promise<Response> {
  const slot: Slot = {};
  const response = await slots.run(slot, handle);
  if (slot.cookie === undefined) return response;
  const session = issuedSession(response);
  if (!session) return response;
  const headers = new Headers(response.headers);
  headers.append("set-cookie", deviceSetCookie(slot.cookie, session.secure));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Whether the answer sets next-auth's session cookie (whole or its first chunk), and whether Secure. */
function issuedSession(response: Response): { secure: boolean } | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^(__Secure-)?next-auth\.session-token(?:\.0)?=([^;]+)/.exec(line);
    if (match) return { secure: match[1] !== undefined || /;\s*secure\s*(;|$)/i.test(line) };
  }
  return null;
}
