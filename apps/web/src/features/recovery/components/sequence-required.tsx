import { Link } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";

/** A recovery step opened without the email from the step before. */
export function SequenceRequired({ title }: { title: string }) {
  return (
    <AuthShell title={title} subtitle="Password recovery goes step by step.">
      <p role="alert" className="alert alert-warning alert-soft text-sm text-base-content">
        {MESSAGES.sequenceProcess}
      </p>
      <p className="text-sm text-base-content/70">
        Start with your email address: we mail you a code, you enter it, then you choose a new
        password.
      </p>
      <Link to={paths.forgetPassword} className="btn btn-primary w-full">
        Start password recovery
      </Link>
      <p className="text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          Back to login
        </Link>
      </p>
    </AuthShell>
  );
}
