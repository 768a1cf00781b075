import { z } from "zod";
import { can, PERMISSION_LABELS } from "@/lib/auth/permissions";
import { SAVED_VIEW_SCOPES, savedViewScopeSchema } from "@/lib/shared/saved-views";
import { forbidden } from "@/server/errors";
import { defineRoute } from "@/server/kit/define-route";
import { listSavedViews } from "@/server/saved-views/views";

export const GET = defineRoute({
  permission: "signed-in",
  query: z.object({ scope: savedViewScopeSchema }),
  run: async ({ scope }, { user }) => {
    if (!can(user.role, SAVED_VIEW_SCOPES[scope]))
      throw forbidden(`saved views of ${PERMISSION_LABELS[SAVED_VIEW_SCOPES[scope]]}`);
    return { views: await listSavedViews(user.id, scope) };
  },
});
