/**
 * The composition root: builds the administration state, alert webhooks and gas ledger, asks the
 * caller for the seams owned by other parts (chain registry, key store, MPC app), and assembles the
 * two HTTP apps: base (administration, yield, JSON-RPC) and MPC.
 */
import type { Hono } from "hono";
import { buildOpenApiDocument } from "@/lib/contracts";
import { smartAccountAddresser } from "./aa/addresses";
import { assetsRoutes } from "./admin/assets";
import { buildTransactionRoutes } from "./admin/build-transaction/route";
import { clientRoutes } from "./admin/clients";
import { deprecatedRoutes } from "./admin/deprecated";
import { ejectRoutes } from "./admin/eject";
import { logoRoutes } from "./admin/logos";
import type { CustodianProfile } from "./admin/profile";
import { AlertService } from "./alerts/alert-service";
import { type ChainArchive, createSeededArchive } from "./alerts/archive";
import { EventStore } from "./alerts/event-store";
import { EventJournal } from "./alerts/journal";
import { startReceivers, type Receivers } from "./alerts/receivers";
import { alertRoutes } from "./alerts/routes";
import { seedWebhooks } from "./alerts/webhooks";
import { DEFAULT_TIMINGS, dataPaths, type SandboxEnv, type SandboxTimings } from "./env";
import { gasRoutes } from "./gas/routes";
import { GasUsageLedger } from "./gas/usage-ledger";
import { requireCustodianKey } from "./http/auth";
import { controlRoutes, type Control } from "./http/control";
import { createHttpApp, type HttpKnobs } from "./http/layer";
import type { SandboxHttpEnv } from "./http/types";
import type { SeededKeys } from "./seed/client-keys";
import { seedClients } from "./seed/clients";
import { seedEvents } from "./seed/events";
import { createRng } from "./seed/prng";
import { SANDBOX_SEED } from "./seed/sandbox-seed";
import { ClientStore } from "./state/client-store";
import { createIdGenerator } from "./state/ids";
import { StateFile } from "./state/state-file";
import type { BackupShareSource, ChainRegistry, ClientDirectory } from "./types";
import { ActionStore, YieldService, passthroughKeyOf, yieldRoutes } from "./yield";

export { SANDBOX_SEED };

/** The parts other modules own, built once the client directory exists. */
export interface SandboxSeams {
  chains: ChainRegistry;
  backups: BackupShareSource;
  /** Mounts the MPC service's routes on the MPC port's app, behind the shared HTTP layer. */
  mountMpc?: (app: Hono<SandboxHttpEnv>) => void;
  /** Mounts more routes on the base port: the JSON-RPC gateway, answering for the seeded history from `archive`. */
  mountBase?: (app: Hono<SandboxHttpEnv>, parts: { archive: ChainArchive }) => void;
}

export interface SandboxOptions {
  env: SandboxEnv;
  /** Undefined keeps all state in memory (tests); main passes SANDBOX_DATA_DIR. */
  dataDir?: string;
  /**
   * `parts.gas` is the gas-usage ledger, for the bundler to record sponsored operations in;
   * `parts.seededKeys` the key store's halves of the seeded clients' wallets.
   */
  seams: (
    directory: ClientDirectory & ClientStore,
    parts: { gas: GasUsageLedger; seededKeys: SeededKeys },
  ) => SandboxSeams | Promise<SandboxSeams>;
  timings?: Partial<SandboxTimings>;
  /** Fixes the seed anchor (tests); otherwise the first start's time, kept in the state file. */
  anchorMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface Sandbox {
  baseApp: Hono<SandboxHttpEnv>;
  mpcApp: Hono<SandboxHttpEnv>;
  clients: ClientStore;
  alerts: AlertService;
  gas: GasUsageLedger;
  yield: YieldService;
  receivers: Receivers;
  profile: CustodianProfile;
  seams: SandboxSeams;
  anchorMs: number;
  /** Stops receivers and deliveries and saves state; the caller closes its seams. */
  close(): Promise<void>;
}

function profileOf(env: SandboxEnv): CustodianProfile {
  const rng = createRng(`${SANDBOX_SEED}:profile`);
  const ids = createIdGenerator(() => rng.next(), "cst0");
  const origin = Date.UTC(2024, 0, 15);
  return {
    custodian: { id: ids.next(origin), name: "Sandbox Custodian" },
    environment: { id: ids.next(origin), name: "Development", backupWithPortalEnabled: env.SANDBOX_MANAGED_BACKUPS },
  };
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const { env } = options;
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const paths = options.dataDir === undefined ? undefined : dataPaths(options.dataDir);
  const stateFile = new StateFile(paths?.adminState);
  const savedAnchor = stateFile.saved("seedAnchorMs");
  const anchorMs =
    options.anchorMs ?? (typeof savedAnchor === "number" ? savedAnchor : Math.floor(Date.now() / 60_000) * 60_000);
  if (savedAnchor !== anchorMs) stateFile.keep("seedAnchorMs", anchorMs);
  const onChange = () => stateFile.markDirty();

  const { clients: seeded, keys: seededKeys } = seedClients({
    count: env.SANDBOX_SEED_CLIENTS,
    seed: SANDBOX_SEED,
    anchorMs,
    smartAccountOf: await smartAccountAddresser(),
  });
  const seededWallets = seeded
    .slice(0, 1000)
    .flatMap((c) => (c.namespaces.eip155 ? [c.namespaces.eip155.address.toLowerCase()] : []));
  const clients = new ClientStore(seeded, onChange, options.now);
  stateFile.register("clients", clients);
  const gas = new GasUsageLedger(SANDBOX_SEED, anchorMs, onChange, options.now);
  stateFile.register("gasUsage", gas);
  const profile = profileOf(env);

  const seams = await options.seams(clients, { gas, seededKeys });
  const yieldService = new YieldService({
    chains: seams.chains,
    passthroughKey: passthroughKeyOf(env.SANDBOX_CUSTODIAN_API_KEY),
    store: new ActionStore(onChange),
    now: options.now,
    staleMs: env.SANDBOX_YIELD_STALE_MS,
  });
  stateFile.register("yield", yieldService.store);

  // The receivers check the webhooks' secrets and the webhooks need the receivers' URLs, so the
  // receivers start first and read the secrets lazily.
  let webhookSecrets: Map<string, string> = new Map();
  const receivers = await startReceivers({
    secretOf: (role) => webhookSecrets.get(role) ?? "",
    slowDelayMs: timings.slowReceiverDelayMs,
  });
  const webhooks = seedWebhooks({
    seed: SANDBOX_SEED,
    anchorMs,
    custodianApiKey: env.SANDBOX_CUSTODIAN_API_KEY,
    urlOf: (role) => receivers.url(role),
  });
  webhookSecrets = new Map(webhooks.map((w) => [w.role, w.secret]));

  const events = new EventStore(SANDBOX_SEED, webhooks.length);
  seedEvents(events, {
    count: env.SANDBOX_SEED_EVENTS,
    seed: SANDBOX_SEED,
    anchorMs,
    roles: webhooks.map((w) => w.role),
    retryScale: env.SANDBOX_RETRY_SCALE || 1,
  });
  const { journal, contents } = await EventJournal.open(paths?.alertJournal, {
    seed: SANDBOX_SEED,
    count: env.SANDBOX_SEED_EVENTS,
    anchorMs,
  });
  const alerts = new AlertService({
    events,
    webhooks,
    journal,
    clients,
    profile,
    chains: seams.chains,
    seed: SANDBOX_SEED,
    seededWallets,
    deliveryTimeoutMs: timings.deliveryTimeoutMs,
    retryScale: env.SANDBOX_RETRY_SCALE,
    confirmationMs: env.SANDBOX_CONFIRMATION_MS,
    reorgRate: env.SANDBOX_REORG_RATE,
    random: options.random,
    now: options.now,
  });
  alerts.restore(contents);
  const unsubscribe = seams.chains.onTransfer(alerts.onTransfer);

  const control: Control | undefined = env.SANDBOX_CONTROL ? { rules: [] } : undefined;
  const knobs: HttpKnobs = {
    control,
    latencyMs: env.SANDBOX_LATENCY_MS,
    faultRate: env.SANDBOX_FAULT_RATE,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    faultHoldMs: timings.faultHoldMs,
    random: options.random,
  };

  const baseApp = createHttpApp("base", knobs);
  if (control) baseApp.route("/", controlRoutes(control, env.SANDBOX_CUSTODIAN_API_KEY));
  const custodianAuth = requireCustodianKey({
    custodianApiKey: env.SANDBOX_CUSTODIAN_API_KEY,
    isClientCredential: (t) => clients.isClientCredential(t),
  });
  baseApp.use("/api/v3/custodians/*", custodianAuth);
  baseApp.use("/api/v1/custodians/*", custodianAuth);
  baseApp.get("/openapi.json", (c) => {
    const url = new URL(c.req.url);
    const mpcUrl = `${url.protocol}//${url.hostname}:${env.SANDBOX_MPC_PORT}`;
    return c.json(
      buildOpenApiDocument({
        baseUrl: url.origin,
        mpcUrl,
        title: "Wallet Infrastructure API (sandbox)",
        yieldProviderSegment: env.YIELD_PROVIDER_SEGMENT,
      }),
    );
  });
  const now = options.now;
  for (const routes of [
    logoRoutes(),
    clientRoutes({ store: clients, profile }),
    assetsRoutes({ store: clients, chains: seams.chains }),
    buildTransactionRoutes({ store: clients, chains: seams.chains, now }),
    ejectRoutes({ store: clients, backups: seams.backups, managedBackups: env.SANDBOX_MANAGED_BACKUPS, now }),
    alertRoutes(alerts),
    deprecatedRoutes(alerts),
    gasRoutes(gas),
    yieldRoutes({ service: yieldService, clients, segment: env.YIELD_PROVIDER_SEGMENT }),
  ])
    baseApp.route("/", routes);
  seams.mountBase?.(baseApp, { archive: createSeededArchive(events, (row) => alerts.payloadOf(row)) });

  const mpcApp = createHttpApp("mpc", knobs);
  seams.mountMpc?.(mpcApp);

  return {
    baseApp,
    mpcApp,
    clients,
    alerts,
    gas,
    yield: yieldService,
    receivers,
    profile,
    seams,
    anchorMs,
    async close() {
      unsubscribe();
      alerts.stop();
      // Deliveries under way get a moment to finish; any still waiting (the slow receiver) fail as the receivers close.
      await alerts.whenIdle(2_000);
      await receivers.close();
      await alerts.whenIdle();
      await journal.flush();
      await stateFile.flush();
    },
  };
}
