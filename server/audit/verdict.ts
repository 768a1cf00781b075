import "server-only";
import type { AcknowledgedBreak } from "./acknowledgements";

export type Problem =
  | "edited"
  | "inserted-or-deleted"
  | "tail-deleted"
  | "head-forged"
  | "head-rolled-back"
  | "emptied"
  | "chain-lost"
  | "keys-missing"
  | "epoch"
  | "checkpoint-mismatch"
  | "checkpoint-invalid";

/** A checkpoint the chain was compared with: uploaded by the reviewer, or one of the checkpoint directory's. */
export interface CheckpointCheck {
  source: "uploaded" | "directory";
  lastSeq: number;
  count: number;
  at: string;
}

/** Records that are gone: their sequence numbers, and the last intact record before them ("since when"). */
export interface MissingRecords {
  fromSeq: number;
  /** Null when the end is unknown (a forged head names no trustworthy end). */
  toSeq: number | null;
  after: { seq: number; at: string } | null;
}

/** A chain that ended before this one, as its closing statement in the checkpoint directory says. */
export interface ClosedChain {
  chainId: string;
  reason: "moved" | "lost";
  lastSeq: number;
  count: number;
  closedAt: string;
}

export type ChainVerdict =
  | {
      ok: true;
      count: number;
      headHash: string;
      lastSeq: number;
      lastAt: string | null;
      checkedAt: string;
      /** The uploaded checkpoint, when one was given. */
      checkpoint?: CheckpointCheck;
      /** The newest automatic checkpoint the chain was compared with, if one was written yet. */
      anchor: CheckpointCheck | null;
      /** How many checkpoints of the directory the log was held to (every one that binds). */
      checkpointsChecked: number;
      /** The key epoch sealing the chain now (each rotation of the vault key starts the next). */
      keyEpoch: number;
      /** Chains that ended before this one (moved away, or lost and acknowledged). */
      closedChains: ClosedChain[];
      /** Breaks an operator acknowledged (`npm run audit:acknowledge`): the log verifies past them, and says so. */
      acknowledged: AcknowledgedBreak[];
    }
  | {
      ok: false;
      count: number;
      checkedAt: string;
      problem: Problem;
      /** The first row that fails (null when rows are missing after the last one). */
      seq: number | null;
      id: string | null;
      message: string;
      missing: MissingRecords | null;
      anchor: CheckpointCheck | null;
    };

export type Failure = Extract<ChainVerdict, { ok: false }>;

/** "Record #5 is missing" or "Records #5–#9 are missing". */
export const missingText = (from: number, to: number) =>
  from === to ? `Record #${from} is missing` : `Records #${from}–#${to} are missing`;
