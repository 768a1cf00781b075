import { redirect } from "next/navigation";
import { requireUser } from "@/server/auth/session";
import { can } from "@/lib/permissions";
import { NAV } from "@/components/shell/nav";

/** Home is the first area the role may open. */
export default async function Home() {
  const user = await requireUser();
  const first = NAV.find((item) => can(user.role, item.permission));
  redirect(first?.href ?? "/signin");
}
