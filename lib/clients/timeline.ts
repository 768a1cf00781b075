/**
 * A client's timeline: everything the console's own records say happened to it. Each kind of entry
 * declares itself here, once: which audit actions it covers, how it finds the client's records among
 * them, and how to say what happened in one line (never a secret: audit records hold none). A new
 * area joins the timeline by adding its kind to this list, not by editing the timeline.
 */
import { chainLabel, resolveChain } from "@/lib/chains";
import { tokenWords } from "@/lib/chains/token-words";
import { utc } from "@/lib/shared/format";
import { enumWords, runActionWords } from "@/lib/yield/words";

/**
 * Conditions on an audit record, as the server builds them into its query (SQL there, opaque here).
 * A kind composes them to say how its records name a client; the timeline's query only combines
 * what the kinds return, so a new way of naming a client needs no change to it.
 */
export interface RecordMatcher<C> {
  /** The record's target is exactly this text. */
  targetIs(value: string): C;
  /** The record's target starts with this text (taken literally: no wildcards). */
  targetStartsWith(prefix: string): C;
  /**
   * The record's target is the `id` of a row of one of the console's tables (named as in
   * server/db/schema.ts) whose `column` holds `value`: e.g. an eject request of the client.
   */
  targetIsIdOf(table: string, column: string, value: string): C;
  /** Any of these. */
  anyOf(...conditions: C[]): C;
}

/** How a kind (or one of its actions) finds the records about one client. */
export type FindRecords = <C>(clientId: string, match: RecordMatcher<C>) => C;

/** The target is the client id itself. */
export const targetIsClient: FindRecords = (clientId, match) => match.targetIs(clientId);
/** The target is "clientId/…" (e.g. one of its wallets). */
export const targetUnderClient: FindRecords = (clientId, match) => match.targetStartsWith(`${clientId}/`);
/** The target is one of the client's eject requests. */
export const targetIsEjectRequest: FindRecords = (clientId, match) =>
  match.targetIsIdOf("ejectRequests", "clientId", clientId);

export interface TimelineAction {
  /** How this action's records name the client, when not as the kind's do. */
  records?: FindRecords;
  summary: (facts: RecordFacts) => string;
}

export interface TimelineKind {
  id: string;
  label: string;
  /** How the kind's records name the client (an action may say otherwise). */
  records: FindRecords;
  actions: Record<string, TimelineAction>;
}

/**
 * What a summary may read of a record: its outcome and the input the audit record kept. A server
 * action's record keeps its input and result apart; a record a job writes (appendJobAuditOnce)
 * keeps its facts as the input itself.
 */
export interface RecordFacts {
  outcome: "ok" | "error";
  errorMessage: string | null;
  input: Record<string, unknown>;
  result: Record<string, unknown>;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
/** A chain by name ("Sepolia"), its id only when the console does not know it. */
const chainName = (v: unknown) => {
  const id = text(v);
  return id ? chainLabel(id) : "?";
};
/** A built transfer's chain as a CAIP-2 id: the request may name it by the build table's shortcut ("solana"). */
function buildChain(f: RecordFacts): string | undefined {
  const chain = text(f.input.chain);
  return chain ? (resolveChain("buildTransaction", chain) ?? chain) : undefined;
}
/** A transfer's token by symbol: the build's own answer, else what the request named, in words. */
function tokenName(f: RecordFacts): string {
  return text(f.result.tokenSymbol) ?? tokenWords(buildChain(f), text(f.input.token) ?? "?");
}
/** What the wallet lab sent: the chain's coin for NATIVE, a contract or mint by its symbol when known. */
function sentToken(f: RecordFacts): string {
  const token = f.input.token === "contract" ? text(f.input.tokenAddress) : text(f.input.token);
  return tokenWords(text(f.input.chainId), token ?? "?");
}
const because = (f: RecordFacts) => (text(f.input.reason) ? ` — “${text(f.input.reason)}”` : "");

/** A yield run's step as people count them: the runner's `stepIndex` counts from 0. */
const yieldStep = (f: RecordFacts) => {
  const index = f.input.stepIndex;
  const n = typeof index === "number" && Number.isInteger(index) && index >= 0 ? String(index + 1) : "?";
  const title = text(f.input.title);
  return `step ${n}${title ? ` “${title}”` : ""}`;
};
/** The provider's action of a signed step in words: " (Stake)" for STAKE. */
const yieldActionType = (f: RecordFacts) => {
  const type = text(f.input.actionType);
  return type ? ` (${enumWords(type)})` : "";
};
const yieldRun = (f: RecordFacts) => `yield run ${text(f.input.runId) ?? "?"}`;
const yieldTx = (f: RecordFacts) =>
  text(f.input.transactionHash) ? `, transaction ${text(f.input.transactionHash)}` : "";
const yieldError = (f: RecordFacts) => (text(f.input.error) ? ` — failed: ${text(f.input.error)}` : "");

export const TIMELINE_KINDS: TimelineKind[] = [
  {
    id: "created",
    label: "Created",
    records: targetIsClient,
    actions: {
      "clients.create": {
        summary: (f) => `Client created${f.result.isAccountAbstracted === true ? " with account abstraction" : ""}`,
      },
      "clients.create-test": {
        summary: (f) =>
          `Test client created${f.result.isAccountAbstracted === true ? " with account abstraction" : ""}; its API key kept in the vault`,
      },
    },
  },
  {
    id: "credentials",
    label: "Credentials",
    records: targetIsClient,
    actions: {
      "credentials.session-token": { summary: (f) => `Session token issued${because(f)}` },
      "credentials.web-otp": { summary: (f) => `Web OTP issued${because(f)}` },
    },
  },
  {
    id: "transfers",
    label: "Transfers",
    records: targetIsClient,
    actions: {
      "transfers.build": {
        summary: (f) =>
          `Unsigned transfer built: ${text(f.input.amount) ?? "?"} ${tokenName(f)} to ${text(f.input.to) ?? "?"} on ${chainName(buildChain(f))}`,
      },
    },
  },
  {
    id: "lab",
    label: "Wallet lab",
    records: targetIsClient,
    actions: {
      "lab.generate": {
        summary: () => "Wallets generated (SECP256K1 and ED25519); signing shares kept in the vault",
      },
      "lab.backup": { summary: () => "Wallets backed up; backup shares kept in the vault" },
      "lab.recover": {
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
        summary: (f) =>
          `${f.input.method === "eth_signTypedData_v4" ? "Typed data" : "Message"} signed on ${chainName(f.input.chainId)}${f.result.matches === true ? "; signer verified" : f.result.matches === false ? "; signer does not match" : ""}`,
      },
      "lab.raw-sign": {
        summary: (f) =>
          `${text(f.input.curve) ?? "?"} digest raw signed${f.result.verified === true ? "; verified" : f.result.verified === false ? "; not verified" : ""}`,
      },
      "lab.send": {
        summary: (f) => {
          const sends = Array.isArray(f.result.sends) ? (f.result.sends as { status?: unknown }[]) : [];
          const statuses = sends.length > 0 ? ` (${sends.map((s) => String(s.status)).join(", ")})` : "";
          return `Sent ${text(f.input.amount) ?? "?"} ${sentToken(f)} to ${text(f.input.to) ?? "?"} on ${chainName(f.input.chainId)}${Number(f.input.parallel) > 1 ? `, ${String(f.input.parallel)} at once` : ""}${statuses}`;
        },
      },
    },
  },
  {
    id: "eject",
    label: "Eject",
    // Requests and share downloads name the wallet ("clientId/walletId"); decisions name the request.
    records: targetIsEjectRequest,
    actions: {
      "eject.request": {
        records: targetUnderClient,
        summary: (f) =>
          `Eject requested for wallet ${text(f.input.walletId) ?? "?"} (ticket ${text(f.input.ticket) ?? "?"})${because(f)}`,
      },
      "eject.approve": { summary: (f) => `Eject approved${f.input.note ? ` — “${String(f.input.note)}”` : ""}` },
      "eject.reject": { summary: (f) => `Eject rejected${f.input.note ? ` — “${String(f.input.note)}”` : ""}` },
      "eject.withdraw": { summary: () => "Eject request withdrawn by the requester" },
      "eject.execute": {
        summary: (f) =>
          `Eject window opened${text(f.result.ejectableUntil) ? ` until ${utc(text(f.result.ejectableUntil))}` : ""}`,
      },
      "eject.fetch-shares": {
        records: targetUnderClient,
        summary: () => "Backup shares downloaded (one file, not kept by the console)",
      },
    },
  },
  {
    // Written by the yield runner, one record per run and per step, with the client id as target.
    id: "yield",
    label: "Yield",
    records: targetIsClient,
    actions: {
      // The developer's own acts (server actions): facts under input and result.
      "yield.preview": {
        summary: (f) =>
          `Yield action previewed: ${runActionWords(text(f.input.intent) ?? "?", text(f.input.actionType))} ${text(f.input.yieldId) ?? "?"} (run ${text(f.result.runId) ?? "?"}, ${String(f.result.steps ?? "?")} steps); nothing signed`,
      },
      "yield.start": { summary: (f) => `Yield run ${text(f.result.runId) ?? "?"} started` },
      "yield.retry": { summary: (f) => `Yield run ${text(f.result.runId) ?? "?"} retried from the part that failed` },
      "yield.abandon": { summary: (f) => `Yield run ${text(f.result.runId) ?? "?"} abandoned` },
      "yield.run": {
        summary: (f) =>
          `Yield run ${text(f.input.runId) ?? "?"}: ${runActionWords(text(f.input.intent) ?? "?", text(f.input.actionType))} ${text(f.input.yieldId) ?? "?"}${yieldError(f)}`,
      },
      "yield.sign": {
        summary: (f) => `Signed ${yieldStep(f)}${yieldActionType(f)} of ${yieldRun(f)}${yieldTx(f)}${yieldError(f)}`,
      },
      "yield.report": {
        summary: (f) => `Reported ${yieldStep(f)} of ${yieldRun(f)} to the yield provider${yieldTx(f)}${yieldError(f)}`,
      },
      "yield.confirm": {
        summary: (f) => `Confirmed on chain: ${yieldStep(f)} of ${yieldRun(f)}${yieldTx(f)}${yieldError(f)}`,
      },
    },
  },
];

export const TIMELINE_KIND_IDS = TIMELINE_KINDS.map((k) => k.id);

export function kindOfAction(
  action: string,
): { kind: TimelineKind; records: FindRecords; summary: (f: RecordFacts) => string } | undefined {
  for (const kind of TIMELINE_KINDS) {
    const entry = kind.actions[action];
    if (entry) return { kind, records: entry.records ?? kind.records, summary: entry.summary };
  }
  return undefined;
}

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
  /** The case the act was done for (lib/cases), or null. */
  caseRef: string | null;
}

export interface TimelinePage {
  entries: TimelineEntry[];
  nextCursor: string | null;
}
