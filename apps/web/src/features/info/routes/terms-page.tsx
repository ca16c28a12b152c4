import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: "Using Kindred",
    body: (
      <>
        <p>
          Kindred helps people meet through shared interests and skills. It is free: there are no
          paid plans, trials or payments.
        </p>
        <p>
          You must be 13 or over to use it. Signing up asks you to accept these terms and to confirm
          that you are 13 or over; without both, no account is created.
        </p>
      </>
    ),
  },
  {
    heading: "Your responsibilities",
    body: (
      <>
        <p>
          Give true information about yourself, keep your password to yourself, and treat others
          with respect. No harassment, spam, impersonation, or content that is illegal or that you
          have no right to share.
        </p>
        <p>You are responsible for what happens under your account.</p>
      </>
    ),
  },
  {
    heading: "Teens and adults",
    body: (
      <p>
        People aged 13 to 17 and people 18 or over never meet on Kindred: they do not see each other
        in the feed, search or matching, and cannot send each other requests or messages. Give your
        real age; it can move across the 18 line only once, and that change is checked by a
        moderator. A profile of someone under 18 shows no social links and is never shown to
        signed-out visitors.
      </p>
    ),
  },
  {
    heading: "Content ownership",
    body: (
      <p>
        You keep ownership of what you post: your profile, posts, groups, events and messages. You
        give Kindred a licence to store it and show it to the people the app shows it to, only to
        run the service. The licence ends when you delete the content or your account.
      </p>
    ),
  },
  {
    heading: "Moderation",
    body: (
      <>
        <p>
          Automatic filters (the <code>obscenity</code> library and rules for links and phone
          numbers) check names, about texts, posts, replies, groups, events and chat messages; human
          moderators decide on what they catch and on what people report. A slur in a name or about
          text is refused when you save it, and a match from a new account is held until a moderator
          has looked at it.
        </p>
        <p>
          A moderator may dismiss a report, warn you, remove content, suspend your account for 1, 7
          or 30 days, or ban it, always with a reason that you read. While suspended you can sign in
          and read the notice, but you cannot send requests, messages, posts, replies or event
          answers, and others do not find you.
        </p>
      </>
    ),
  },
  {
    heading: "Appeals and termination",
    body: (
      <>
        <p>
          You are told of every action on your account by notification and email, and you can appeal
          it once within 14 days; a different moderator than the one who acted decides.
        </p>
        <p>
          A ban ends access at once: every session ends and your content is hidden. The account's
          data is deleted 30 days later, except a keyed hash of its email, which refuses a new
          sign-up with the same email. You can stop using Kindred at any time and delete your
          account in Settings.
        </p>
      </>
    ),
  },
  {
    heading: "Your data",
    body: (
      <p>
        You have the right to access, update and delete your data; the{" "}
        <Link to={paths.privacy} className="link link-primary">
          privacy policy
        </Link>{" "}
        says what we store and how to ask.
      </p>
    ),
  },
  {
    heading: "Questions",
    body: (
      <p>
        Write to us from the{" "}
        <Link to={paths.contact} className="link link-primary">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  return <PolicyPage updated="November 27, 2026" title="Terms of service" sections={SECTIONS} />;
}
