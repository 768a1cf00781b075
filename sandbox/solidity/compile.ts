/**
 * Compiles the sandbox's Solidity sources (sandbox/solidity/contracts/*.sol) with the npm `solc`
 * package, offline, and caches the result in sandbox/solidity/build/artifacts.json.
 *
 * The cache is keyed by a hash of the compiler version, the settings and every source, so editing a
 * contract recompiles it on the next start and an unchanged tree never loads solc (≈1.5 s, ≈220 MB).
 * Run this file directly (`node --import tsx sandbox/solidity/compile.ts`) to fill the cache at build
 * time; a read-only tree still works, it just compiles in memory on every start.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

export type Artifacts = Record<string, Artifact>;

interface CacheFile {
  key: string;
  compiler: string;
  contracts: Artifacts;
}

const contractsDir = fileURLToPath(new URL("./contracts/", import.meta.url));
const defaultCacheFile = fileURLToPath(new URL("./build/artifacts.json", import.meta.url));

/**
 * Cancun is the newest fork every engine the project has tried supports (hardhat 2.29 defaults to
 * Osaka, which includes it); solc 0.8.37 would otherwise emit opcodes of a newer fork by default.
 */
const settings = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

const solcVersion = "0.8.37";

function readSources(): Record<string, { content: string }> {
  const files = readdirSync(contractsDir)
    .filter((f) => f.endsWith(".sol"))
    .sort();
  return Object.fromEntries(files.map((f) => [f, { content: readFileSync(contractsDir + f, "utf8") }]));
}

function cacheKey(sources: Record<string, { content: string }>): string {
  return createHash("sha256").update(JSON.stringify({ solcVersion, settings, sources })).digest("hex");
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

async function compile(
  sources: Record<string, { content: string }>,
): Promise<{ compiler: string; contracts: Artifacts }> {
  const solc = (await import("solc")).default;
  const output = JSON.parse(solc.compile(JSON.stringify({ language: "Solidity", sources, settings }))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const contracts: Artifacts = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(file)) {
      if (c.evm.bytecode.object === "") continue; // interfaces
      if (contracts[name]) throw new Error(`Two Solidity contracts are named ${name}; artifact names must be unique`);
      contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    }
  }
  return { compiler: String(solc.version()), contracts };
}

function readCache(file: string, key: string): Artifacts | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, "utf8")) as CacheFile;
    return cached.key === key ? cached.contracts : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, content: CacheFile): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Concurrent test workers may compile at once; a rename never leaves a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(content, null, 1)}\n`);
    renameSync(tmp, file);
  } catch {
    // A read-only checkout only loses the cache, not the artifacts.
  }
}

let loaded: Promise<Artifacts> | undefined;

/** Every contract of sandbox/solidity/contracts, from the cache when it matches the sources. */
export function loadArtifacts(cacheFile = defaultCacheFile): Promise<Artifacts> {
  if (cacheFile === defaultCacheFile && loaded) return loaded;
  const run = (async () => {
    const sources = readSources();
    const key = cacheKey(sources);
    const cached = readCache(cacheFile, key);
    if (cached) return cached;
    const { compiler, contracts } = await compile(sources);
    writeCache(cacheFile, { key, compiler, contracts });
    return contracts;
  })();
  if (cacheFile === defaultCacheFile)
    loaded = run.catch((e: unknown) => {
      loaded = undefined;
      throw e;
    });
  return run;
}

/** The artifact of one contract, or a clear error naming what exists. */
export function artifact(artifacts: Artifacts, name: string): Artifact {
  const found = artifacts[name];
  if (!found) throw new Error(`No compiled contract ${name} (have: ${Object.keys(artifacts).join(", ")})`);
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  loadArtifacts().then(
    (a) => console.log(`sandbox contracts ready: ${Object.keys(a).join(", ")} → ${defaultCacheFile}`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
