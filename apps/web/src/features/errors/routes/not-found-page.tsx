import { Trans } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";

/** An unknown path, inside the site's header and footer (the shared layout). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold text-primary sm:text-7xl">
        <Trans>Oops!</Trans>
      </h1>
      <p className="text-xl font-semibold tracking-wide">
        <Trans>404 - PAGE NOT FOUND</Trans>
      </p>
      <p className="max-w-md text-base-content/70">
        <Trans>
          The page you are looking for might have been removed, had its name changed or is
          temporarily unavailable.
        </Trans>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => navigate(paths.landing)}>
          <Trans>GO TO HOMEPAGE</Trans>
        </button>
        <Link to={paths.faq} className="btn btn-ghost">
          <Trans>Help and FAQ</Trans>
        </Link>
      </div>
    </section>
  );
}
