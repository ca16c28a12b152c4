import { EMAIL_VERIFICATION_MESSAGES } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { MailCheck, MailX } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/config/paths.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useVerifyEmail } from "@/lib/email-verification.ts";

/**
 * /verify-email?token=…: the mail's one-click link. It works signed in or not (on another device),
 * once; a used or expired link says so and points at the way to a new code.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: the token is single-use, and a second post would report it spent.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <p role="alert" className="alert alert-warning alert-soft">
        <Trans>
          This page needs the link from the verification mail. Open that link, or sign in and ask
          for a new code.
        </Trans>
      </p>
    );
  } else if (verify.isSuccess) {
    body = (
      <div role="status" className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-lg">
          <MailCheck aria-hidden="true" className="size-6 shrink-0 text-success" />
          {EMAIL_VERIFICATION_MESSAGES.verified}
        </p>
        <Link to={paths.home} className="btn btn-primary self-start">
          <Trans>Go to Kindred</Trans>
        </Link>
      </div>
    );
  } else if (verify.isError) {
    body = (
      <div role="alert" className="flex flex-col gap-4">
        <p className="flex items-center gap-2">
          <MailX aria-hidden="true" className="size-6 shrink-0 text-error" />
          {errorMessageOf(verify.error, EMAIL_VERIFICATION_MESSAGES.invalidCode)}
        </p>
        <p className="text-base-content/70">
          <Trans>Signed in, the banner at the top of each page sends a new code.</Trans>
        </p>
        <Link to={paths.login} className="btn btn-primary self-start">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <p role="status" className="flex items-center gap-2">
        <span className="loading loading-spinner" aria-hidden="true" />
        <Trans>Verifying your email…</Trans>
      </p>
    );
  }

  return (
    <div className="px-4 py-8 sm:py-14">
      <section
        aria-labelledby="verify-email-title"
        className="card mx-auto w-full max-w-xl border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-4 p-5 sm:p-8">
          <h1 id="verify-email-title" className="text-2xl font-bold">
            <Trans>Verify your email</Trans>
          </h1>
          {body}
        </div>
      </section>
    </div>
  );
}
