// The canaries of the secret scan: for every server action, inputs its own zod schema refuses, with a
// unique canary in every string they can hold (testing/kit/canary-inputs.ts), printed as JSON
// for e2e/security/canaries.spec.ts, which sends them and writes each canary to the witness file that
// scripts/secret-scan.mjs searches for. The actions are found by reading server/actions/, and their
// schemas are those defineAction registered: no list kept by hand. Run:
//   node --conditions=react-server --import tsx --import ./scripts/canaries/next-aliases.mjs scripts/canaries/plan.ts
import { randomBytes } from "node:crypto";
import { canaryCases, type CanaryCase } from "@/testing/kit/canary-inputs";
import { findActions } from "@/testing/kit/entry-points";

export interface PlannedAction {
  /** As Next's server-reference manifest names the module, e.g. "server/actions/users.ts". */
  filename: string;
  /** The exported name, e.g. "createUser". */
  name: string;
  /** Its audit action name, e.g. "users.create". */
  action: string;
  cases: CanaryCase[];
}

// Unique to this run, so a canary found later can only have come from this run's inputs; lower case
// throughout, so an input lower-cased on its way (an e-mail address) is still the canary.
const run = randomBytes(4).toString("hex");
let count = 0;
const canary = () => `cnry${run}${String(++count).padStart(5, "0")}`;

const plan: PlannedAction[] = [];
for (const found of await findActions()) {
  const [file, name] = found.label.split("#");
  if (!found.declaration || !file || !name) throw new Error(`${found.label} was not made by defineAction`);
  plan.push({
    filename: `server/actions/${file}`,
    name,
    action: found.declaration.action,
    cases: canaryCases(found.declaration.input, canary),
  });
}
process.stdout.write(`${JSON.stringify(plan)}\n`);
