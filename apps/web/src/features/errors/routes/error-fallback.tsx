import { isRouteErrorResponse, useRouteError } from "react-router";

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim() };
  }
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === "string" ? error : "Unknown error" };
}

/** The generic fallback for unexpected routing errors. */
export function ErrorFallback() {
  const { message, stack } = describe(useRouteError());
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <h2 className="text-lg font-semibold text-error">{message}</h2>
      {stack ? (
        <pre className="max-h-96 overflow-auto rounded-box bg-base-200 p-4 text-xs">{stack}</pre>
      ) : null}
      <a href="/" className="btn btn-outline btn-sm self-start">
        Reload Kindred
      </a>
    </main>
  );
}
