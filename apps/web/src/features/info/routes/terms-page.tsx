import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { PolicyPage, type PolicySection } from "../components/policy-page.tsx";

const SECTIONS: PolicySection[] = [
  {
    heading: "Using Kindred",
    body: (
      <p>
        Kindred helps people meet through shared interests and skills. You must be at least 13 years
        old to use it, and you agree to these terms by creating an account.
      </p>
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
    heading: "Termination",
    body: (
      <p>
        We may suspend or end access for accounts that break these terms. You can stop using Kindred
        at any time and ask us to delete your account.
      </p>
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
  return <PolicyPage title="Terms of service" sections={SECTIONS} />;
}
