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
        You can see and update your profile at any time on the profile screen. To get a copy of your
        data or have your account and everything linked to it deleted, send a ticket from the{" "}
        <Link to={paths.support} className="link link-primary">
          support center
        </Link>{" "}
        using the email you signed up with.
      </p>
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
