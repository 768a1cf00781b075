/** The password-change form, shared by the page and its server action. */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 12;

export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password").max(200),
    next: z.string().min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`).max(200),
    confirm: z.string().max(200),
  })
  .refine((v) => v.next === v.confirm, { message: "The two new passwords differ", path: ["confirm"] })
  .refine((v) => v.next !== v.current, { message: "Choose a password different from the current one", path: ["next"] });
