import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { gasThisMonth } from "@/server/overview/reads";

export const GET = defineRoute({ permission: "gas:read", query: z.object({}), run: () => gasThisMonth() });
