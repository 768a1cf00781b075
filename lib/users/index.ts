/** Staff-account forms and views, shared by the users page and its server actions. */
import { z } from "zod";
import { ROLES } from "../auth/permissions";
import { freeText } from "../shared/text";

export const createUserSchema = z.object({
  email: z.email("Enter an e-mail address").trim().max(320),
  name: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), freeText().max(120).optional()),
  role: z.enum(ROLES, { message: "Choose a role" }),
  /** Blank: the console generates one and shows it once. */
  password: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(12, "At least 12 characters").max(200).optional(),
  ),
});

export const updateUserSchema = z
  .object({
    id: z.uuid("Unknown user"),
    role: z.enum(ROLES).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: "Nothing to change" });

export const resetPasswordSchema = z.object({ id: z.uuid("Unknown user") });

export interface StaffUserView {
  id: string;
  email: string;
  name: string | null;
  role: (typeof ROLES)[number];
  source: string;
  disabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}
