"use client";
import { useQuery } from "@tanstack/react-query";
import { caseRequirementsUrl } from "@/lib/cases/routes";
import type { CaseRequirementView } from "@/lib/cases/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

export function useCaseRequirements() {
  return useQuery({
    queryKey: queryKeys.cases.requirements(),
    queryFn: () => fetchJson<{ requirements: CaseRequirementView[] }>(caseRequirementsUrl()),
  });
}
