/**
 * The page an opportunity's `metadata.documentation` links to. The provider links each protocol's own
 * docs; the sandbox's protocols are its own contracts, so it describes them itself, from the catalogue,
 * and serves the page offline like the token logos. Markdown as plain text: readable in a browser and
 * with curl. No credential is needed, as for the logos.
 */
import { Hono } from "hono";
import { notFound } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { type Opportunity, findOpportunity } from "./catalogue";
import { DOCUMENTATION_PATH } from "./documentation-url";

const CONTRACTS: Record<Opportunity["spec"]["kind"], string> = {
  vault: "YieldVault (ERC-4626)",
  "liquid-staking": "LiquidStakingToken",
  staking: "CooldownStaking",
};

function page(o: Opportunity): string {
  const percent = `${(o.rate * 100).toFixed(2).replace(/\.?0+$/, "")} %`;
  const lines = [
    `# ${o.name}`,
    "",
    o.description,
    "",
    `- Yield id: \`${o.id}\` (provider \`sandbox\`)`,
    `- Network: ${o.slug} (${o.chainId}), a local chain of the sandbox`,
    `- Contract: ${CONTRACTS[o.spec.kind]} at \`${o.pool}\``,
    `- Token: ${o.token.symbol}${o.token.address ? ` at \`${o.token.address}\`` : " (native coin)"}`,
    ...(o.outputToken ? [`- Receipt token: ${o.outputToken.symbol} at \`${o.outputToken.address}\``] : []),
    `- Rate: ${percent} APR, paid on chain by the sandbox's RewardDistributor`,
    `- Enter: ${o.maximum ? `${o.minimum} to ${o.maximum}` : `at least ${o.minimum}`} ${o.token.symbol}`,
    ...(o.cooldownSeconds > 0 ? [`- Cooldown after unstaking: ${o.cooldownSeconds / 86_400} days`] : []),
    ...(o.spec.kind === "staking"
      ? ["- Rewards: claimed or restaked with manage (CLAIM_REWARDS, RESTAKE_REWARDS)"]
      : []),
    "",
    "A contract of the sandbox, not a real protocol: see sandbox/docs/yield.md.",
    "",
  ];
  return lines.join("\n");
}

export function documentationRoutes() {
  const app = new Hono<SandboxHttpEnv>();
  app.get(`${DOCUMENTATION_PATH}/:file{[a-z0-9-]+\\.md}`, (c) => {
    const yieldId = c.req.param("file").replace(/\.md$/, "");
    const opportunity = findOpportunity(yieldId);
    if (!opportunity) throw notFound(`No yield ${yieldId}`);
    return c.body(page(opportunity), 200, {
      "content-type": "text/markdown; charset=utf-8",
      "cache-control": "public, max-age=86400",
    });
  });
  return app;
}
