import { Trans } from "@lingui/react/macro";
import { paths } from "@/config/paths.ts";
import { SiteLink } from "@/lib/site-link.tsx";

/** The Login and Signup buttons a signed-out visitor sees in a header. */
export function AuthLinks() {
  return (
    <>
      <SiteLink to={paths.login} className="btn btn-ghost btn-sm">
        <Trans>Login</Trans>
      </SiteLink>
      <SiteLink to={paths.signup} className="btn btn-primary btn-sm">
        <Trans>Signup</Trans>
      </SiteLink>
    </>
  );
}
