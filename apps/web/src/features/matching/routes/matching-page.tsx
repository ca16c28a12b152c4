import { PUBLIC_FORM_MESSAGES } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search, UserPlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { PersonTile } from "@/components/ui/person-tile.tsx";
import { LoadingPanel } from "@/components/ui/status-panel.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useMe } from "@/lib/get-me.ts";
import { useMatches } from "../api/find-matches.ts";

/** The four sample people a signed-out visitor can try the search on. */
const SAMPLE_PEOPLE = [
  { _id: "sample-1", firstName: "Alex", lastName: "Rivera", skills: ["coding", "chess", "music"] },
  {
    _id: "sample-2",
    firstName: "Sam",
    lastName: "Chen",
    skills: ["cooking", "photography", "hiking"],
  },
  {
    _id: "sample-3",
    firstName: "Jordan",
    lastName: "Patel",
    skills: ["coding", "design", "gaming"],
  },
  { _id: "sample-4", firstName: "Taylor", lastName: "Kim", skills: ["music", "hiking", "reading"] },
];

function NoMatches() {
  return (
    <p role="status" className="py-10 text-center text-base-content/70">
      {PUBLIC_FORM_MESSAGES.noMatches}
    </p>
  );
}

function RealMatches({ interest }: { interest: string }) {
  const { t } = useLingui();
  const matches = useMatches(interest, true);
  if (matches.isPending) return <LoadingPanel />;
  if (matches.isError) {
    return (
      <p role="alert" className="alert alert-error alert-soft">
        {errorMessageOf(matches.error, t`Could not search right now. Please try again.`)}
      </p>
    );
  }
  if (matches.data.length === 0) return <NoMatches />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {matches.data.map((person) => (
        <li key={person._id}>
          <Link
            to={paths.publicProfile(person.publicId)}
            className="block h-full rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <PersonTile user={person} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SampleMatches({ interest }: { interest: string }) {
  const wanted = interest.trim().toLowerCase();
  const found = SAMPLE_PEOPLE.filter((person) => person.skills.includes(wanted));
  return (
    <div className="flex flex-col gap-6">
      {found.length === 0 ? (
        <NoMatches />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {found.map((person) => (
            <li key={person._id}>
              <PersonTile user={{ ...person, photoUrl: null }} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MatchingPage() {
  const { t } = useLingui();
  const inputId = useId();
  const { data: me } = useMe();
  const [draft, setDraft] = useState("");
  const [interest, setInterest] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    setInterest(draft.trim());
  }

  return (
    <>
      <PageIntro
        title={t`Interest matching`}
        lead={t`Type an interest and find people who share it.`}
      />
      <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
        <form onSubmit={submit} className="mx-auto flex w-full max-w-xl flex-col gap-2 sm:flex-row">
          <label htmlFor={inputId} className="input w-full sm:flex-1">
            <Search aria-hidden="true" className="size-4 opacity-60" />
            <span className="sr-only">
              <Trans>Interest</Trans>
            </span>
            <input
              id={inputId}
              value={draft}
              maxLength={30}
              dir="auto"
              placeholder={t`e.g. coding, music, hiking`}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-primary">
            <Trans>Find Matches</Trans>
          </button>
        </form>

        {me === null ? (
          <div className="alert alert-info alert-soft flex flex-wrap justify-between gap-3 text-base-content">
            <span>
              <Trans>
                You are searching four sample people. Sign up to search everyone on Kindred.
              </Trans>
            </span>
            <Link to={paths.signup} className="btn btn-primary btn-sm">
              <UserPlus aria-hidden="true" className="size-4" />
              <Trans>Sign up</Trans>
            </Link>
          </div>
        ) : null}

        {interest === "" ? null : me ? (
          <RealMatches interest={interest} />
        ) : me === null ? (
          <SampleMatches interest={interest} />
        ) : (
          <LoadingPanel />
        )}
      </div>
    </>
  );
}
