/**
 * A minimal compiler for legacy Solana transactions: account-key ordering, the message header,
 * compact-u16 lengths, and program-derived addresses. Enough to build transfers byte-exactly as
 * @solana/web3.js would, without that dependency.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58 } from "@scure/base";
import { decodeBase58 } from "../../state/addresses";

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

export interface AccountMeta {
  pubkey: string;
  isSigner: boolean;
  isWritable: boolean;
}

export interface Instruction {
  programId: string;
  keys: AccountMeta[];
  data: Uint8Array;
}

export interface CompiledMessage {
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number };
  accountKeys: string[];
  recentBlockhash: string;
  instructions: { programIdIndex: number; accounts: number[]; data: string }[];
  bytes: Uint8Array;
}

const keyBytes = (key: string) => {
  const bytes = decodeBase58(key);
  if (bytes?.length !== 32) throw new Error(`not a 32-byte base58 key: ${key}`);
  return bytes;
};

function compactU16(n: number): number[] {
  const out: number[] = [];
  let rest = n;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export function compileMessage(
  feePayer: string,
  instructions: Instruction[],
  recentBlockhash: string,
): CompiledMessage {
  const metas = new Map<string, AccountMeta>([[feePayer, { pubkey: feePayer, isSigner: true, isWritable: true }]]);
  const merge = (meta: AccountMeta) => {
    const seen = metas.get(meta.pubkey);
    metas.set(
      meta.pubkey,
      seen
        ? { ...seen, isSigner: seen.isSigner || meta.isSigner, isWritable: seen.isWritable || meta.isWritable }
        : meta,
    );
  };
  for (const ix of instructions) {
    for (const key of ix.keys) merge(key);
    merge({ pubkey: ix.programId, isSigner: false, isWritable: false });
  }
  const [payer, ...others] = [...metas.values()];
  const rank = (m: AccountMeta) => (m.isSigner ? 0 : 2) + (m.isWritable ? 0 : 1);
  // A stable sort keeps first-seen order inside each class, as web3.js does.
  const ordered = [payer as AccountMeta, ...others.sort((a, b) => rank(a) - rank(b))];
  const accountKeys = ordered.map((m) => m.pubkey);
  const header = {
    numRequiredSignatures: ordered.filter((m) => m.isSigner).length,
    numReadonlySignedAccounts: ordered.filter((m) => m.isSigner && !m.isWritable).length,
    numReadonlyUnsignedAccounts: ordered.filter((m) => !m.isSigner && !m.isWritable).length,
  };
  const index = (key: string) => accountKeys.indexOf(key);
  const compiled = instructions.map((ix) => ({
    programIdIndex: index(ix.programId),
    accounts: ix.keys.map((k) => index(k.pubkey)),
    raw: ix.data,
  }));

  const bytes: number[] = [
    header.numRequiredSignatures,
    header.numReadonlySignedAccounts,
    header.numReadonlyUnsignedAccounts,
  ];
  bytes.push(...compactU16(accountKeys.length));
  for (const key of accountKeys) bytes.push(...keyBytes(key));
  bytes.push(...keyBytes(recentBlockhash));
  bytes.push(...compactU16(compiled.length));
  for (const ix of compiled) {
    bytes.push(
      ix.programIdIndex,
      ...compactU16(ix.accounts.length),
      ...ix.accounts,
      ...compactU16(ix.raw.length),
      ...ix.raw,
    );
  }
  return {
    header,
    accountKeys,
    recentBlockhash,
    instructions: compiled.map(({ programIdIndex, accounts, raw }) => ({
      programIdIndex,
      accounts,
      data: base58.encode(raw),
    })),
    bytes: Uint8Array.from(bytes),
  };
}

/** The wire form of an unsigned transaction: one empty signature slot per required signer, then the message. */
export function serializeUnsigned(message: CompiledMessage): Uint8Array {
  const sigs = message.header.numRequiredSignatures;
  return Uint8Array.from([...compactU16(sigs), ...new Uint8Array(64 * sigs), ...message.bytes]);
}

function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

/** findProgramAddress: the first bump (255 down) whose hash is off the ed25519 curve. */
export function findProgramAddress(seeds: Uint8Array[], programId: string): string {
  const marker = new TextEncoder().encode("ProgramDerivedAddress");
  for (let bump = 255; bump >= 0; bump--) {
    const buf = Uint8Array.from([...seeds.flatMap((s) => [...s]), bump, ...keyBytes(programId), ...marker]);
    const candidate = sha256(buf);
    if (!isOnCurve(candidate)) return base58.encode(candidate);
  }
  throw new Error("no program address found");
}

export function associatedTokenAddress(owner: string, mint: string): string {
  return findProgramAddress([keyBytes(owner), keyBytes(TOKEN_PROGRAM), keyBytes(mint)], ASSOCIATED_TOKEN_PROGRAM);
}

export function u64le(value: bigint): number[] {
  const out: number[] = [];
  for (let i = 0n; i < 8n; i++) out.push(Number((value >> (8n * i)) & 0xffn));
  return out;
}
