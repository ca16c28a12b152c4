import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { AuthLinks } from "@/components/ui/auth-links.tsx";
import { paths } from "@/config/paths.ts";
import { useLogout } from "@/features/auth/api/logout.ts";
import { useCopyProfileUrl } from "@/features/profile/api/generate-public-url.ts";
import { useMe } from "@/lib/get-me.ts";
import { AccountMenu } from "./account-menu.tsx";

/**
 * The right side of the top bar: 'Welcome, {firstName}' and the account menu when signed in,
 * Login and Signup when not, nothing while the session is being checked.
 */
export function AccountActions() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const logoutMutation = useLogout();
  const copyProfileUrl = useCopyProfileUrl();

  function handleLogout() {
    logoutMutation.mutate(undefined, {
      onSettled: () => navigate(paths.login),
    });
  }

  const { t } = useLingui();
  if (me === null) return <AuthLinks />;
  if (!me) return null;
  return (
    <>
      <p className="max-w-36 truncate text-sm sm:max-w-56" title={t`Welcome, ${me.firstName}`}>
        <Trans>
          Welcome, <span className="font-semibold">{me.firstName}</span>
        </Trans>
      </p>

      <AccountMenu me={me} onCopyProfileUrl={() => void copyProfileUrl()} onLogout={handleLogout} />
    </>
  );
}
