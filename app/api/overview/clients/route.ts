import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { clientCount } from "@/server/overview/reads";

export const GET = defineRoute({ permission: "clients:read", query: z.object({}), run: () => clientCount() });
