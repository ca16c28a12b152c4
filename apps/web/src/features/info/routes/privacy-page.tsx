import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: "What we store",
    body: (
      <>
        <p>
          Your account: first and last name, email, age, gender, about text, photo URL, skills and
          the social links you add. Your connection requests and their answers, community posts,
          groups and events you create, and messages you send to your connections.
        </p>
        <p>
          What you send through the support, contact and newsletter forms: name, email and message,
          or the newsletter email.
        </p>
      </>
    ),
  },
  {
    heading: "How we protect it",
    body: (
      <>
        <p>
          Passwords are stored only as argon2id hashes; we cannot read them. Your session is an
          HttpOnly cookie, and the server keeps only a hash of its id. Password resets use a 6-digit
          one-time code sent by email, stored as a hash and valid once for 10 minutes.
        </p>
        <p>Your email is never shown to other people; they see only what your profile shows.</p>
      </>
    ),
  },
  {
    heading: "Who sees what",
    body: (
      <p>
        Signed-in people see your card (name, photo, age, gender, about, skills) in their feed.
        Anyone with your public profile link sees that page. Community posts show your name.
      </p>
    ),
  },
  {
    heading: "Email",
    body: (
      <p>
        We send email only for password resets, a notice when your password changes, and the
        newsletter if you subscribe. Every newsletter mail has an unsubscribe link.
      </p>
    ),
  },
  {
    heading: "Your rights: access, update and delete",
    body: (
      <p>
        You can see and update your profile at any time on the profile screen. Questions about your
        data go to the{" "}
        <Link to={paths.support} className="link link-primary">
          support center
        </Link>
        .
      </p>
    ),
  },
  {
    heading: "Downloading your data",
    body: (
      <p>
        In{" "}
        <Link to={paths.settings} className="link link-primary">
          Settings
        </Link>
        , Download my data saves one JSON file with everything we store about you: your profile and
        skills, your connection requests both ways, your connections, the messages you sent and
        received, your community posts, groups and events, your notifications and their settings,
        your devices, the people you blocked and the reports you made. Other people appear in it
        only by name, never with their email.
      </p>
    ),
  },
  {
    heading: "Deleting your account",
    body: (
      <>
        <p>
          In Settings, Delete account asks for your password once more, then deletes your account at
          once and signs you out on every device. It takes with it your profile, photo and skills,
          your connections and connection requests, your community posts, groups and events, your
          notifications, settings, devices, blocks and reports.
        </p>
        <p>
          One thing is kept in an anonymised form: each person you exchanged messages with keeps
          that conversation, read-only, so their side of it does not vanish. Your messages show
          there as from &ldquo;Deleted account&rdquo;, with no name, photo or link to you; it goes
          when they delete it or their own account. From that moment nobody finds you in a feed, a
          list, a search or at your public profile link, and your email is free for a new sign-up.
          What you sent through the support, contact or newsletter forms is not tied to your
          account; ask the support center to delete it, or unsubscribe with the link in any
          newsletter mail.
        </p>
      </>
    ),
  },
  {
    heading: "Cookies",
    body: (
      <p>
        Only what the app needs to work; see the{" "}
        <Link to={paths.cookies} className="link link-primary">
          cookie policy
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  return <PolicyPage title="Privacy policy" sections={SECTIONS} />;
}
