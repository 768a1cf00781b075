/** What the console's routes say about cases (app/api/cases/). */
import type { RequirableAction } from "./requirable";

export interface CaseRequirementView {
  action: RequirableAction;
  label: string;
  required: boolean;
  requiredBy: string | null;
  requiredAt: string | null;
}
