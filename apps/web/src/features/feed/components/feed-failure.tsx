import { RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { MESSAGES } from "@/config/copy.ts";

export const PROGRAMMER_JOKES = [
  "Why do programmers prefer dark mode? Because light attracts bugs.",
  "A SQL query walks into a bar, walks up to two tables and asks: “Can I join you?”",
  "There are only 10 kinds of people in the world: those who understand binary and those who don't.",
] as const;

function randomIndex(length: number): number {
  return Math.floor(Math.random() * length);
}

type FeedFailureProps = { onRetry: () => void; retrying: boolean };

export function FeedFailure({ onRetry, retrying }: FeedFailureProps) {
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
        <h2 className="card-title text-2xl">{MESSAGES.feedFailedTitle}</h2>
        <p className="text-base-content/80">{MESSAGES.feedFailed}</p>
        <figure className="m-0 w-full rounded-box bg-base-200 p-4">
          <blockquote data-testid="feed-joke" className="italic text-base-content/90">
            {PROGRAMMER_JOKES[jokeIndex]}
          </blockquote>
        </figure>
        <div className="card-actions flex-wrap justify-center">
          <button type="button" className="btn btn-ghost" onClick={anotherJoke}>
            Another Joke
          </button>
          <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" className="size-4" />
            )}
            Try Again
          </button>
        </div>
      </div>
    </div>
  );
}
