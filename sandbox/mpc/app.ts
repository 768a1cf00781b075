/**
 * The MPC signing service as a Hono app (api-shapes §3): generate, backup, recover, sign, raw sign,
 * assets/send. Request bodies are validated with the contracts of lib/contracts/mpc.ts, so the console
 * and the sandbox reject the same inputs.
 */
import { join } from "node:path";
import { Hono } from "hono";
import {
  assetsSendBodySchema,
  backupBodySchema,
  generateBodySchema,
  rawSignBodySchema,
  rawSignParamsSchema,
  recoverBodySchema,
  signBodySchema,
} from "@/lib/contracts/mpc";
import type { SandboxEnv } from "@/lib/shared/config";
import { type Bundler, createBundler } from "../aa";
import type { ChainRegistry, ClientDirectory } from "../types";
import { type MpcHttpEnv, requireClient } from "./auth";
import { parseWith, readBody } from "./body";
import { MpcError, MpcUnauthorized } from "./errors";
import { KeyStore } from "./key-store";
import { NonceAllocator } from "./nonces";
import { rawSign, sendAssets, sign } from "./operations";
import { type WalletDeps, backupWallets, generateWallets, recoverWallets } from "./wallets";

export interface MpcAppOptions {
  directory: ClientDirectory;
  chains: ChainRegistry;
  env: Pick<SandboxEnv, "SANDBOX_DATA_DIR">;
  /** The key store shared with the administration routes (eject). Without it, one is opened under `dataDir`. */
  keyStore?: KeyStore;
  /** Where to open the key store when none is passed; default `<SANDBOX_DATA_DIR>/mpc`. */
  dataDir?: string;
  log?: (message: string) => void;
  /** Submits account-abstracted clients' user operations; default a bundler that records no gas usage. */
  bundler?: Bundler;
}

export function createMpcApp(options: MpcAppOptions): Hono<MpcHttpEnv> {
  const store = options.keyStore ?? new KeyStore(options.dataDir ?? join(options.env.SANDBOX_DATA_DIR, "mpc"));
  const log = options.log ?? ((m: string) => console.warn(`[mpc] ${m}`));
  const wallets: WalletDeps = { store, directory: options.directory, chains: options.chains, log };
  const bundler = options.bundler ?? createBundler({ chains: options.chains, log });
  const operations = {
    store,
    chains: options.chains,
    nonces: new NonceAllocator(),
    directory: options.directory,
    bundler,
  };

  const app = new Hono<MpcHttpEnv>();
  app.onError((err, c) => {
    if (err instanceof MpcUnauthorized) return c.json(err.message, 401);
    if (err instanceof MpcError) return c.json({ id: err.id, message: err.message }, err.status);
    log(`${c.req.method} ${c.req.path} failed: ${err.stack ?? String(err)}`);
    return c.json(
      { id: "INTERNAL_ERROR", message: "Internal error of the sandbox MPC service; its log has the details" },
      500,
    );
  });
  app.use("/v1/*", requireClient(options.directory));

  app.post("/v1/generate", async (c) => {
    parseWith(generateBodySchema, await readBody(c));
    return c.json(await generateWallets(wallets, c.get("client").id));
  });

  app.post("/v1/backup", async (c) => {
    const body = parseWith(backupBodySchema, await readBody(c));
    return c.json(await backupWallets(wallets, c.get("client").id, body.generateResponse));
  });

  app.post("/v1/recover", async (c) => {
    const body = parseWith(recoverBodySchema, await readBody(c));
    return c.json(await recoverWallets(wallets, c.get("client").id, body.backupResponse));
  });

  app.post("/v1/sign", async (c) => {
    const body = parseWith(signBodySchema, await readBody(c));
    return c.json(await sign(operations, c.get("client").id, body));
  });

  app.post("/v1/raw/sign/:curve", async (c) => {
    const { curve } = parseWith(rawSignParamsSchema, { curve: c.req.param("curve").toUpperCase() });
    const raw = await readBody(c);
    // The service's docs name the field `param` in the table and `params` in the example; both are read.
    const body = parseWith(
      rawSignBodySchema,
      raw.params === undefined && raw.param !== undefined ? { ...raw, params: raw.param } : raw,
    );
    return c.json(rawSign(operations, c.get("client").id, curve, body.params, body.share));
  });

  app.post("/v1/assets/send", async (c) => {
    const body = parseWith(assetsSendBodySchema, await readBody(c));
    return c.json(await sendAssets(operations, c.get("client").id, body));
  });

  return app;
}
