import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: msg`What we store`,
    body: (
      <>
        <p>
          <Trans>
            Your account: first and last name, email, age, gender, about text, photo URL, skills,
            the social links you add and when you accepted the terms. Your connection requests and
            their answers, community posts, groups and events you create, messages you send to your
            connections, the people you block and the reports you make.
          </Trans>
        </p>
        <p>
          <Trans>
            What you send through the support, contact and newsletter forms: name, email and
            message, or the newsletter email.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`How we protect it`,
    body: (
      <>
        <p>
          <Trans>
            Passwords are stored only as argon2id hashes; we cannot read them. Your session is an
            HttpOnly cookie, and the server keeps only a hash of its id. Password resets use a
            6-digit one-time code sent by email, stored as a hash and valid once for 10 minutes.
          </Trans>
        </p>
        <p>
          <Trans>
            Your email is never shown to other people; they see only what your profile shows.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Who sees what`,
    body: (
      <>
        <p>
          <Trans>
            Signed-in people see your card (name, photo, age, gender, about, skills) in their feed.
            Anyone with your public profile link sees that page. Community posts show your name.
          </Trans>
        </p>
        <p>
          <Trans>
            Kindred is for people 13 and over. People aged 13 to 17 and people 18 or over never see
            each other in the feed, search or matching, cannot connect from a public profile, and
            cannot send each other requests or messages. A profile of someone under 18 shows no
            social links to anyone and is never shown to signed-out visitors.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Moderation: automatic filters and human moderators`,
    body: (
      <>
        <p>
          <Trans>
            Names, about texts, posts, replies, group and event texts and chat messages are checked
            by automatic filters: the open-source <code>obscenity</code> library, which finds slurs
            and insults even when spelled with look-alike letters or numbers, and rules that spot
            links and phone numbers. No AI reads or judges your content.
          </Trans>
        </p>
        <p>
          <Trans>
            A slur in a name or about text is refused when you save it. Any other match opens a case
            for the human moderators. From an account younger than 7 days or with no connection yet,
            the matching post or message is held: its sender sees it as sent, nobody else sees it
            until a moderator decides. From an established account it is delivered and a moderator
            looks at it. Content reported by three trusted people (accounts older than 7 days, with
            at least 3 connections and no report dismissed as abusive) is hidden from everyone until
            a moderator decides.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Reports and appeals`,
    body: (
      <>
        <p>
          <Trans>
            You can report a person, a chat message, a post, a reply, a group or an event from its
            menu, with a reason, and block the person at the same time. You see your own reports and
            their outcome. A moderator can dismiss a report, warn, remove the content, suspend the
            account for 1, 7 or 30 days or ban it, always with a reason.
          </Trans>
        </p>
        <p>
          <Trans>
            If a moderator acts on your account or content, you are told why by an in-app
            notification and an email. You can appeal once, within 14 days; a different moderator
            than the one who acted decides, and you are told the outcome the same way. Every
            moderation action is written to an audit log.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`What we keep for safety, and for how long`,
    body: (
      <>
        <p>
          <Trans>
            A report keeps a copy of what was reported as it was then: the profile&rsquo;s fields
            and photo, the message with the 20 messages around it in that conversation, or the text
            of the post, reply, group or event. That copy stays when the content is edited or
            deleted, when the connection is removed and when either account is deleted (a deleted
            reporter shows as &ldquo;Deleted account&rdquo;), so moderators can still act on it.
          </Trans>
        </p>
        <p>
          <Trans>
            Blocking someone or removing a connection hides the conversation from both of you at
            once. It is kept out of everyone&rsquo;s reach for 30 days, so that a report made in
            that time still has its evidence, then deleted.
          </Trans>
        </p>
        <p>
          <Trans>
            A banned account&rsquo;s data is deleted 30 days after the ban. Only a keyed hash of its
            email is kept (not the address itself), so that the same email cannot sign up again.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Email`,
    body: (
      <>
        <p>
          <Trans>
            By default, when a notification is still unread after about half an hour, we send one
            digest email naming what is waiting. These notifications are on by default: someone
            wants to connect, someone accepted your request, a chat message arrived while Kindred
            was closed everywhere, an event you are going to starts in a day or in an hour, a place
            opened up for you on an event&rsquo;s waitlist, an event you were going to was
            cancelled, and someone replied to your post. You can turn the email of each one off in{" "}
            <Link to={paths.settings} className="link link-primary">
              Settings
            </Link>
            ; every digest links there.
          </Trans>
        </p>
        <p>
          <Trans>
            We also email you a password reset code when you ask for one, a notice when your
            password changes, and the moderation notices above. The newsletter comes only if you
            subscribe, and every newsletter mail has an unsubscribe link.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Your rights: access, update and delete`,
    body: (
      <p>
        <Trans>
          You can see and update your profile at any time on the profile screen. Questions about
          your data go to the{" "}
          <Link to={paths.support} className="link link-primary">
            support center
          </Link>
          .
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Downloading your data`,
    body: (
      <p>
        <Trans>
          In{" "}
          <Link to={paths.settings} className="link link-primary">
            Settings
          </Link>
          , Download my data saves one JSON file with everything we store about you: your profile
          and skills, your connection requests both ways, your connections, the messages you sent
          and received, your community posts, groups and events, your notifications and their
          settings, your devices, the people you blocked and the reports you made. Other people
          appear in it only by name, never with their email.
        </Trans>
      </p>
    ),
  },
  {
    heading: msg`Deleting your account`,
    body: (
      <>
        <p>
          <Trans>
            In Settings, Delete account asks for your password once more, then deletes your account
            at once and signs you out on every device. It takes with it your profile, photo and
            skills, your connections and connection requests, your community posts, groups and
            events, your notifications, settings, devices and blocks. Reports stay, as above: the
            ones you made show as from &ldquo;Deleted account&rdquo;.
          </Trans>
        </p>
        <p>
          <Trans>
            One thing is kept in an anonymised form: each person you exchanged messages with keeps
            that conversation, read-only, so their side of it does not vanish. Your messages show
            there as from &ldquo;Deleted account&rdquo;, with no name, photo or link to you; it goes
            when they delete it or their own account. From that moment nobody finds you in a feed, a
            list, a search or at your public profile link, and your email is free for a new sign-up
            (unless the account was banned). What you sent through the support, contact or
            newsletter forms is not tied to your account; ask the support center to delete it, or
            unsubscribe with the link in any newsletter mail.
          </Trans>
        </p>
      </>
    ),
  },
  {
    heading: msg`Cookies`,
    body: (
      <p>
        <Trans>
          Only what the app needs to work; see the{" "}
          <Link to={paths.cookies} className="link link-primary">
            cookie policy
          </Link>
          .
        </Trans>
      </p>
    ),
  },
];

export function PrivacyPage() {
  const { t } = useLingui();
  return <PolicyPage updated="2026-11-27" title={t`Privacy policy`} sections={SECTIONS} />;
}
