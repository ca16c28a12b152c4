import { Trans } from "@lingui/react/macro";
import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useRouteError } from "react-router";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { isChunkLoadError, recoverFromChunkError, retryChunkLoad } from "@/lib/chunk-load.ts";
import { ErrorFallback } from "./error-fallback.tsx";

// The English wording of the screen below (its tests read it); the screen speaks it through the
// catalogue, in the reader's language.
export const LOAD_FAILED_TITLE = "This page didn't load";
export const LOAD_FAILED_TEXT =
  "Kindred couldn't fetch this screen. Check your connection and try again. If Kindred was just updated, Retry loads the new version.";
export const STILL_OFFLINE_TEXT = "Still no connection. Try again once you are back online.";

/**
 * A screen whose code did not load: says so, with Retry. After a deploy (the site answers, the
 * old file is gone) the page reloads once by itself first.
 */
function LoadFailure({ error }: { error: unknown }) {
  const [retrying, setRetrying] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  useEffect(() => {
    if (error) void recoverFromChunkError();
  }, [error]);

  async function retry() {
    setRetrying(true);
    setStillOffline(false);
    if (!(await retryChunkLoad())) {
      setRetrying(false);
      setStillOffline(true);
    }
  }

  return (
    <section
      aria-labelledby="load-failed-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <WifiOff aria-hidden="true" className="size-14 text-base-content/40" />
      <h1 id="load-failed-title" className="text-2xl font-bold">
        <Trans>This page didn't load</Trans>
      </h1>
      <p role="alert" className="text-base-content/80">
        <Trans>
          Kindred couldn't fetch this screen. Check your connection and try again. If Kindred was
          just updated, Retry loads the new version.
        </Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={retrying}
        onClick={() => void retry()}
      >
        {retrying ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : null}
        <Trans>Retry</Trans>
      </button>
      <p role="status" className="min-h-6 text-sm text-base-content/70">
        {stillOffline ? (
          <Trans>Still no connection. Try again once you are back online.</Trans>
        ) : (
          ""
        )}
      </p>
    </section>
  );
}

/**
 * Inside the app's frame (below the main layout): a screen that did not load shows there, with
 * the navigation still around it. Any other error goes on up to the root's fallback.
 */
export function FramedRouteError() {
  const error = useRouteError();
  if (!isChunkLoadError(error)) throw error;
  return <LoadFailure error={error} />;
}

/**
 * The root's error screen: a failed load outside the frame (the frame's own code, or a screen
 * with its own header) gets the top bar and Retry; anything else is the spec's generic fallback.
 */
export function RootRouteError() {
  const error = useRouteError();
  if (!isChunkLoadError(error)) return <ErrorFallback />;
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <BrandHeader />
      <main id="main" className="flex-1">
        <LoadFailure error={error} />
      </main>
    </div>
  );
}
