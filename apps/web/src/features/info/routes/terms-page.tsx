import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: msg`Using Kindred`,
    body: (
      <>
        <p>
          <Trans>
            Kindred helps people meet through shared interests and skills. It is free: there are no
            paid plans, trials or payments.
          </Trans>
        </p>
        <p>
          <Trans>
            You must be 13 or over to use it. Signing up asks you to accept these terms and to
            confirm that you are 13 or over; without both, no account is created.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Your responsibilities`,
    body: (
      <>
        <p>
          <Trans>
            Give true information about yourself, keep your password to yourself, and treat others
            with respect. No harassment, spam, impersonation, or content that is illegal or that you
            have no right to share.
          </Trans>
        </p>
        <p>
          <Trans>You are responsible for what happens under your account.</Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Teens and adults`,
    body: (
      <p>
        <Trans>
          People aged 13 to 17 and people 18 or over never meet on Kindred: they do not see each
          other in the feed, search or matching, and cannot send each other requests or messages.
          Give your real age; it can move across the 18 line only once, and that change is checked
          by a moderator. A profile of someone under 18 shows no social links and is never shown to
          signed-out visitors.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Content ownership`,
    body: (
      <p>
        <Trans>
          You keep ownership of what you post: your profile, posts, groups, events and messages. You
          give Kindred a licence to store it and show it to the people the app shows it to, only to
          run the service. The licence ends when you delete the content or your account.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Moderation`,
    body: (
      <>
        <p>
          <Trans>
            Automatic filters (the <code>obscenity</code> library and rules for links and phone
            numbers) check names, about texts, posts, replies, groups, events and chat messages;
            human moderators decide on what they catch and on what people report. A slur in a name
            or about text is refused when you save it, and a match from a new account is held until
            a moderator has looked at it.
          </Trans>
        </p>
        <p>
          <Trans>
            A moderator may dismiss a report, warn you, remove content, suspend your account for 1,
            7 or 30 days, or ban it, always with a reason that you read. While suspended you can
            sign in and read the notice, but you cannot send requests, messages, posts, replies or
            event answers, and others do not find you.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Appeals and termination`,
    body: (
      <>
        <p>
          <Trans>
            You are told of every action on your account by notification and email, and you can
            appeal it once within 14 days; a different moderator than the one who acted decides.
          </Trans>
        </p>
        <p>
          <Trans>
            A ban ends access at once: every session ends and your content is hidden. The account's
            data is deleted 30 days later, except a keyed hash of its email, which refuses a new
            sign-up with the same email. You can stop using Kindred at any time and delete your
            account in Settings.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Your data`,
    body: (
      <p>
        <Trans>
          You have the right to access, update and delete your data; the{" "}
          <Link to={paths.privacy} className="link link-primary">
            privacy policy
          </Link>{" "}
          says what we store and how to ask.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Questions`,
    body: (
      <p>
        <Trans>
          Write to us from the{" "}
          <Link to={paths.contact} className="link link-primary">
            contact page
          </Link>
          .
        </Trans>
      </p>
    ),
  },
];

export function TermsPage() {
  const { t } = useLingui();
  return <PolicyPage updated="2026-11-27" title={t`Terms of service`} sections={SECTIONS} />;
}
