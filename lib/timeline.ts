/**
 * A client's timeline: everything the console's own records say happened to it. Each kind of entry
 * declares itself here, once: which audit actions it covers, how their target names the client,
 * and how to say what happened in one line (never a secret: audit records hold none). A new area
 * joins the timeline by adding its kind to this list, not by editing the timeline.
 */
import { z } from "zod";

/** How an action's target names the client: the id itself, "clientId/…", or an eject request of the client. */
export type TimelineTarget = "client" | "client-prefix" | "eject-request";

export interface TimelineKind {
  id: string;
  label: string;
  actions: Record<string, { target: TimelineTarget; summary: (facts: RecordFacts) => string }>;
}

/** What a summary may read of a record: its outcome and the input the audit record kept. */
export interface RecordFacts {
  outcome: "ok" | "error";
  errorMessage: string | null;
  input: Record<string, unknown>;
  result: Record<string, unknown>;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
const because = (f: RecordFacts) => (text(f.input.reason) ? ` — “${text(f.input.reason)}”` : "");

export const TIMELINE_KINDS: TimelineKind[] = [
  {
    id: "created",
    label: "Created",
    actions: {
      "clients.create": {
        target: "client",
        summary: (f) => `Client created${f.result.isAccountAbstracted === true ? " with account abstraction" : ""}`,
      },
      "clients.create-test": {
        target: "client",
        summary: (f) =>
          `Test client created${f.result.isAccountAbstracted === true ? " with account abstraction" : ""}; its API key kept in the vault`,
      },
    },
  },
  {
    id: "credentials",
    label: "Credentials",
    actions: {
      "credentials.session-token": { target: "client", summary: (f) => `Session token issued${because(f)}` },
      "credentials.web-otp": { target: "client", summary: (f) => `Web OTP issued${because(f)}` },
    },
  },
  {
    id: "transfers",
    label: "Transfers",
    actions: {
      "transfers.build": {
        target: "client",
        summary: (f) =>
          `Unsigned transfer built: ${text(f.input.amount) ?? "?"} ${text(f.input.token) ?? ""} to ${text(f.input.to) ?? "?"} on ${text(f.input.chain) ?? "?"}`,
      },
    },
  },
  {
    id: "lab",
    label: "Wallet lab",
    actions: {
      "lab.generate": {
        target: "client",
        summary: () => "Wallets generated (SECP256K1 and ED25519); signing shares kept in the vault",
      },
      "lab.backup": { target: "client", summary: () => "Wallets backed up; backup shares kept in the vault" },
      "lab.recover": {
        target: "client",
        summary: (f) => {
          const proof = f.result.proof;
          const checked = Array.isArray(proof)
            ? proof.every((c) => (c as { ok?: unknown }).ok === true)
              ? "; the new shares sign for the same addresses"
              : "; a check of the new shares failed"
            : proof
              ? "; the proof could not run"
              : "";
          return `Signing shares recovered from the backup${checked}`;
        },
      },
      "lab.sign-message": {
        target: "client",
        summary: (f) =>
          `${f.input.method === "eth_signTypedData_v4" ? "Typed data" : "Message"} signed on ${text(f.input.chainId) ?? "?"}${f.result.matches === true ? "; signer verified" : f.result.matches === false ? "; signer does not match" : ""}`,
      },
      "lab.raw-sign": {
        target: "client",
        summary: (f) =>
          `${text(f.input.curve) ?? "?"} digest raw signed${f.result.verified === true ? "; verified" : f.result.verified === false ? "; not verified" : ""}`,
      },
      "lab.send": {
        target: "client",
        summary: (f) => {
          const token = f.input.token === "contract" ? text(f.input.tokenAddress) : text(f.input.token);
          const sends = Array.isArray(f.result.sends) ? (f.result.sends as { status?: unknown }[]) : [];
          const statuses = sends.length > 0 ? ` (${sends.map((s) => String(s.status)).join(", ")})` : "";
          return `Sent ${text(f.input.amount) ?? "?"} ${token ?? ""} to ${text(f.input.to) ?? "?"} on ${text(f.input.chainId) ?? "?"}${Number(f.input.parallel) > 1 ? `, ${String(f.input.parallel)} at once` : ""}${statuses}`;
        },
      },
    },
  },
  {
    id: "eject",
    label: "Eject",
    actions: {
      "eject.request": {
        target: "client-prefix",
        summary: (f) =>
          `Eject requested for wallet ${text(f.input.walletId) ?? "?"} (ticket ${text(f.input.ticket) ?? "?"})${because(f)}`,
      },
      "eject.approve": {
        target: "eject-request",
        summary: (f) => `Eject approved${f.input.note ? ` — “${String(f.input.note)}”` : ""}`,
      },
      "eject.reject": {
        target: "eject-request",
        summary: (f) => `Eject rejected${f.input.note ? ` — “${String(f.input.note)}”` : ""}`,
      },
      "eject.withdraw": { target: "eject-request", summary: () => "Eject request withdrawn by the requester" },
      "eject.execute": {
        target: "eject-request",
        summary: (f) =>
          `Eject window opened${text(f.result.ejectableUntil) ? ` until ${text(f.result.ejectableUntil)}` : ""}`,
      },
      "eject.fetch-shares": {
        target: "client-prefix",
        summary: () => "Backup shares downloaded (one file, not kept by the console)",
      },
    },
  },
];

export const TIMELINE_KIND_IDS = TIMELINE_KINDS.map((k) => k.id);

export function kindOfAction(
  action: string,
): { kind: TimelineKind; target: TimelineTarget; summary: (f: RecordFacts) => string } | undefined {
  for (const kind of TIMELINE_KINDS) {
    const entry = kind.actions[action];
    if (entry) return { kind, ...entry };
  }
  return undefined;
}

export const timelineQuerySchema = z.object({
  kinds: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").filter(Boolean) : []))
    .pipe(z.array(z.enum(TIMELINE_KIND_IDS as [string, ...string[]], { message: "Unknown kind of entry" }))),
  cursor: z.string().regex(/^\d+$/, "expected a record number").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export interface TimelineEntry {
  /** The audit record it comes from. */
  recordId: string;
  seq: number;
  at: string;
  kind: string;
  kindLabel: string;
  action: string;
  actorEmail: string | null;
  outcome: "ok" | "error";
  summary: string;
}

export interface TimelinePage {
  entries: TimelineEntry[];
  nextCursor: string | null;
}
