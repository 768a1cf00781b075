import "server-only";
import { inArray, or } from "drizzle-orm";
import { z } from "zod";
import type { AuditRecord, AuditRecordView, AuditTargetLink } from "@/lib/audit";
import { clientIdSchema } from "@/lib/clients";
import { tables, type Db } from "@/server/db";

/** What a record's target names, read from its action (the target alone is ambiguous). */
export type TargetRef =
  | { kind: "client"; clientId: string; tab?: "eject" }
  | { kind: "eject-request"; requestId: string }
  | { kind: "user-id"; userId: string }
  | { kind: "user-email"; email: string };

const uuid = z.uuid();
const isClientId = (v: string | undefined): v is string => v !== undefined && clientIdSchema.safeParse(v).success;
const isUuid = (v: string | undefined): v is string => v !== undefined && uuid.safeParse(v).success;
const EJECT_DECISIONS = new Set(["eject.approve", "eject.reject", "eject.execute", "eject.withdraw"]);

export function classifyTarget(action: string, target: string | null): TargetRef | null {
  if (!target) return null;
  const area = action.split(".", 1)[0];
  // The target of an address search is the address searched for, not a client.
  if (action === "clients.find-address") return null;
  if (area === "clients" || area === "credentials" || action === "transfers.build")
    return isClientId(target) ? { kind: "client", clientId: target } : null;
  // eject.request names clientId/walletId, eject.fetch-shares clientId/requestId: both open the client's eject tab.
  if (action === "eject.request" || action === "eject.fetch-shares") {
    const [clientId] = target.split("/");
    return isClientId(clientId) ? { kind: "client", clientId, tab: "eject" } : null;
  }
  if (EJECT_DECISIONS.has(action)) return isUuid(target) ? { kind: "eject-request", requestId: target } : null;
  if (action === "users.update" || action === "users.reset-password")
    return isUuid(target) ? { kind: "user-id", userId: target } : null;
  if (action === "users.create" || action === "users.bootstrap" || area === "auth")
    return target.includes("@") ? { kind: "user-email", email: target.toLowerCase() } : null;
  return null;
}

const clientHref = (clientId: string, tab?: string) =>
  `/clients/${encodeURIComponent(clientId)}${tab ? `?tab=${tab}` : ""}`;

/**
 * The records with a link to what each target names: clients link directly; eject requests and
 * users are looked up, in one query each for the whole page (a target that no longer resolves,
 * such as the e-mail of a failed sign-in by a stranger, stays plain text).
 */
export async function withTargetLinks(db: Db, records: AuditRecord[]): Promise<AuditRecordView[]> {
  const refs = records.map((r) => classifyTarget(r.action, r.target));
  const requestIds = new Set<string>();
  const userIds = new Set<string>();
  const emails = new Set<string>();
  for (const ref of refs) {
    if (ref?.kind === "eject-request") requestIds.add(ref.requestId);
    if (ref?.kind === "user-id") userIds.add(ref.userId);
    if (ref?.kind === "user-email") emails.add(ref.email);
  }
  const [requests, users] = await Promise.all([
    requestIds.size
      ? db
          .select({ id: tables.ejectRequests.id, clientId: tables.ejectRequests.clientId })
          .from(tables.ejectRequests)
          .where(inArray(tables.ejectRequests.id, [...requestIds]))
      : [],
    userIds.size || emails.size
      ? db
          .select({ id: tables.users.id, email: tables.users.email })
          .from(tables.users)
          .where(
            or(
              userIds.size ? inArray(tables.users.id, [...userIds]) : undefined,
              emails.size ? inArray(tables.users.email, [...emails]) : undefined,
            ),
          )
      : [],
  ]);
  const clientOfRequest = new Map(requests.map((r) => [r.id, r.clientId]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const userByEmail = new Map(users.map((u) => [u.email, u]));

  const link = (ref: TargetRef | null): AuditTargetLink | null => {
    if (!ref) return null;
    switch (ref.kind) {
      case "client":
        return { kind: "client", href: clientHref(ref.clientId, ref.tab), label: ref.clientId };
      case "eject-request": {
        const clientId = clientOfRequest.get(ref.requestId);
        return clientId
          ? { kind: "eject-request", href: clientHref(clientId, "eject"), label: `eject request of ${clientId}` }
          : null;
      }
      case "user-id":
      case "user-email": {
        const user = ref.kind === "user-id" ? userById.get(ref.userId) : userByEmail.get(ref.email);
        return user ? { kind: "user", href: `/users?user=${user.id}`, label: user.email } : null;
      }
    }
  };
  return records.map((record, i) => ({ ...record, targetLink: link(refs[i] ?? null) }));
}
