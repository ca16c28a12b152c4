import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";

/** A recovery step opened without the email from the step before. */
export function SequenceRequired({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <AuthShell title={title} subtitle={t`Password recovery goes step by step.`}>
      <p role="alert" className="alert alert-warning alert-soft text-sm text-base-content">
        {MESSAGES.sequenceProcess}
      </p>
      <p className="text-sm text-base-content/70">
        <Trans>
          Start with your email address: we mail you a code, you enter it, then you choose a new
          password.
        </Trans>
      </p>
      <Link to={paths.forgetPassword} className="btn btn-primary w-full">
        <Trans>Start password recovery</Trans>
      </Link>
      <p className="text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          <Trans>Back to login</Trans>
        </Link>
      </p>
    </AuthShell>
  );
}
