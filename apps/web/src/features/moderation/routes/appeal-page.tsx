import { Trans } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { AppealForm } from "@/components/moderation/appeal-form.tsx";
import { paths } from "@/config/paths.ts";

/**
 * /appeal?token=…: a banned person has no session; the ban's mail links here with a token that
 * names the decision, and they write their appeal once.
 */
export function AppealPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <div className="px-4 py-8 sm:py-14">
      <section
        aria-labelledby="appeal-title"
        className="card mx-auto w-full max-w-xl border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-4 p-5 sm:p-8">
          <div className="flex items-center gap-3">
            <ShieldAlert aria-hidden="true" className="size-7 shrink-0 text-warning" />
            <h1 id="appeal-title" className="text-2xl font-bold">
              <Trans>Appeal a decision about your account</Trans>
            </h1>
          </div>
          {token ? (
            <>
              <p className="text-base-content/80">
                <Trans>
                  Tell us why the decision should change. A moderator other than the one who decided
                  reads your appeal, and you get the answer by email.
                </Trans>
              </p>
              <AppealForm token={token} />
            </>
          ) : (
            <div role="alert" className="alert alert-warning alert-soft">
              <p>
                <Trans>
                  This page needs the link from the email about your account. Open that link, or{" "}
                  <Link to={paths.support} className="link">
                    contact support
                  </Link>
                  .
                </Trans>
              </p>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
