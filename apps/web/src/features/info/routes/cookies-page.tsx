import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: msg`No tracking, no advertising`,
    body: (
      <p>
        <Trans>Kindred sets no analytics, advertising or third-party cookies.</Trans>
      </p>
    ),
  },
  {
    heading: msg`The session cookie`,
    body: (
      <p>
        <Trans>
          <code>token</code>: keeps you signed in. HttpOnly (scripts cannot read it), SameSite=Lax,
          and ended when you log out.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`The XSRF cookie`,
    body: (
      <p>
        <Trans>
          <code>XSRF-TOKEN</code>: a random value the app copies into a header on every change it
          asks the server for, so another site cannot make changes in your name.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`The device cookie`,
    body: (
      <p>
        <Trans>
          <code>kindred-device</code>: set when you log in with your password, for a year. HttpOnly.
          It tells the server this browser has signed in to your account before, so that someone
          guessing your password from elsewhere cannot lock you out here. A password change ends it.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`The password reset cookie`,
    body: (
      <p>
        <Trans>
          <code>reset_grant</code>: only while you reset a forgotten password, it ties the verified
          code to your browser for 15 minutes and is removed once the new password is set.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Local storage`,
    body: (
      <p>
        <Trans>
          <code>theme</code> remembers the light or dark theme you chose, and <code>u_token</code>{" "}
          keeps your community sign-in; <code>kindred.signed-in</code> remembers whether this
          browser was signed in, so public pages do not ask the server for nothing. They stay in
          your browser; clear your site data to remove them.
        </Trans>
      </p>
    ),
  },
];

export function CookiesPage() {
  const { t } = useLingui();
  return <PolicyPage updated="2026-11-27" title={t`Cookie policy`} sections={SECTIONS} />;
}
