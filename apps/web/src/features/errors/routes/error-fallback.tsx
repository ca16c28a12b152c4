import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { useLingui } from "@/i18n/runtime.tsx";

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim() };
  }
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === "string" ? error : "" };
}

/** The generic fallback for unexpected routing errors. */
export function ErrorFallback() {
  const { _ } = useLingui();
  const described = describe(useRouteError());
  const message = described.message || _(msg`Unknown error`);
  const stack = described.stack;
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold">
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      <h2 className="text-lg font-semibold text-error">{message}</h2>
      {stack ? (
        <pre className="max-h-96 overflow-auto rounded-box bg-base-200 p-4 text-xs">{stack}</pre>
      ) : null}
      <a href="/" className="btn btn-outline btn-sm self-start">
        <Trans>Reload Kindred</Trans>
      </a>
    </main>
  );
}
