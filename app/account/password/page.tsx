import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { PageHeader } from "@/components/ui/page-header";
import { safeCallbackPath } from "@/lib/auth/safe-redirect";
import { requireUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Change password" };

export default async function ChangePasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/account/password", { allowPendingPasswordChange: true });
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  return (
    <>
      <PageHeader
        title="Change password"
        description={
          user.mustChangePassword
            ? "You signed in with a generated password. Choose your own before you continue."
            : "Choose a new password. Your other sessions end when it changes."
        }
      />
      <ChangePasswordForm email={user.email} callbackUrl={callbackUrl} />
    </>
  );
}
