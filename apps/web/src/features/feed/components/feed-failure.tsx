import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { FEED_COPY } from "../lib/feed-copy.ts";

const JOKES = [
  msg`Why do programmers prefer dark mode? Because light attracts bugs.`,
  msg`A SQL query walks into a bar, walks up to two tables and asks: “Can I join you?”`,
  msg`There are only 10 kinds of people in the world: those who understand binary and those who don't.`,
] as const;

/** The jokes in English, as the page shows them to an English reader. */
export const PROGRAMMER_JOKES: string[] = JOKES.map((joke) =>
  [joke.message ?? joke.id].flat().join(""),
);

function randomIndex(length: number): number {
  return Math.floor(Math.random() * length);
}

type FeedFailureProps = { onRetry: () => void; retrying: boolean };

export function FeedFailure({ onRetry, retrying }: FeedFailureProps) {
  const { i18n } = useLingui();
  const [jokeIndex, setJokeIndex] = useState(() => randomIndex(PROGRAMMER_JOKES.length));

  function anotherJoke() {
    // Always a different joke: step forward by one or two places out of three.
    setJokeIndex(
      (index) => (index + 1 + randomIndex(PROGRAMMER_JOKES.length - 1)) % PROGRAMMER_JOKES.length,
    );
  }

  return (
    <div
      role="alert"
      className="card mx-auto w-full max-w-md border border-error/30 bg-base-100 shadow-xl"
    >
      <div className="card-body items-center gap-4 text-center">
        <TriangleAlert aria-hidden="true" className="size-12 text-error" />
        <h2 className="card-title text-2xl">{i18n._(FEED_COPY.feedFailedTitle)}</h2>
        <p className="text-base-content/80">{i18n._(FEED_COPY.feedFailed)}</p>
        <figure className="m-0 w-full rounded-box bg-base-200 p-4">
          <blockquote data-testid="feed-joke" className="italic text-base-content/90">
            {i18n._(JOKES[jokeIndex] ?? JOKES[0])}
          </blockquote>
        </figure>
        <div className="card-actions flex-wrap justify-center">
          <button type="button" className="btn btn-ghost" onClick={anotherJoke}>
            <Trans>Another Joke</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" className="size-4" />
            )}
            <Trans>Try Again</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
