/**
 * Entry point of the embedded sandbox (placeholder until the administration and MPC services land):
 * it answers GET /health on both ports so the console's launcher can supervise it.
 */
import { createServer } from "node:http";
import { parseEnv, sandboxEnvSchema } from "../lib/config";

const env = parseEnv(sandboxEnvSchema, process.env);

for (const [name, port] of [["base", env.SANDBOX_PORT], ["mpc", env.SANDBOX_MPC_PORT]] as const) {
  createServer((req, res) => {
    const ok = req.url === "/health";
    res.writeHead(ok ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(ok ? { ok: true, service: name } : { error: "Not found" }));
  }).listen(port, "127.0.0.1", () => console.log(`sandbox ${name} listening on http://127.0.0.1:${port}`));
}
