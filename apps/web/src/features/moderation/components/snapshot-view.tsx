import type { Snapshot } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn.ts";
import { formatDateTime, subjectTypeLabel } from "../lib/labels.ts";

function PersonSnapshot({ person }: { person: NonNullable<Snapshot["person"]> }) {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || "Unnamed";
  const links = [person.instagramLink, person.otherLink].filter((link): link is string =>
    Boolean(link),
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <img
        src={person.photoUrl}
        alt={`${name}, as reported`}
        className="size-28 shrink-0 rounded-box bg-base-200 object-cover"
      />
      <dl className="grid min-w-0 flex-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold text-base-content/60">
            <Trans>Name</Trans>
          </dt>
          <dd className="font-semibold break-words">{name}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-base-content/60">
            <Trans>Age</Trans>
          </dt>
          <dd>{person.age ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-base-content/60">
            <Trans>Gender</Trans>
          </dt>
          <dd className="capitalize">{person.gender ?? "—"}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold text-base-content/60">
            <Trans>About</Trans>
          </dt>
          <dd className="break-words whitespace-pre-wrap">{person.about || "—"}</dd>
        </div>
        {person.skills.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold text-base-content/60">
              <Trans>Skills</Trans>
            </dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {person.skills.map((skill) => (
                <span key={skill} className="badge badge-soft badge-primary badge-sm">
                  {skill}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {links.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold text-base-content/60">
              <Trans>Links</Trans>
            </dt>
            {/* Shown as text, never as links: a moderator does not open what was reported. */}
            {links.map((link) => (
              <dd key={link} className="break-all">
                {link}
              </dd>
            ))}
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function Conversation({
  messages,
  personName,
  caseId,
}: {
  messages: Snapshot["messages"];
  personName: string;
  caseId: string;
}) {
  return (
    <ol
      aria-label={t`The conversation around it`}
      className="flex flex-col gap-1 rounded-box bg-base-200 p-3"
    >
      {messages.map((message) => {
        const theirs = message.from === "person";
        return (
          <li key={message._id} className={cn("chat", theirs ? "chat-start" : "chat-end")}>
            <div className="chat-header text-xs text-base-content/60">
              {theirs ? personName : t`The other person`}
              <time dateTime={message.createdAt} className="ml-1">
                {formatDateTime(message.createdAt)}
              </time>
            </div>
            <div
              className={cn(
                "chat-bubble max-w-[85%] break-words whitespace-pre-wrap",
                theirs ? "chat-bubble-theirs" : "chat-bubble-neutral",
                message.reported && "ring-2 ring-error ring-offset-2 ring-offset-base-200",
              )}
              aria-current={message.reported ? "true" : undefined}
            >
              {message.photos?.length ? (
                <span className="mb-1 flex flex-wrap gap-1">
                  {message.photos.map((photoId, index) => {
                    const address = `/api/moderation/cases/${encodeURIComponent(caseId)}/photos/${encodeURIComponent(photoId)}`;
                    return (
                      <a
                        key={photoId}
                        href={address}
                        target="_blank"
                        rel="noreferrer"
                        className="block overflow-hidden rounded"
                        aria-label={t`Open photo ${index + 1} of this message`}
                      >
                        <img src={address} alt="" loading="lazy" className="h-24 w-auto" />
                      </a>
                    );
                  })}
                </span>
              ) : null}
              {message.text}
            </div>
            {message.reported || message.edits?.length ? (
              <div className="chat-footer flex flex-col gap-1">
                {message.reported ? (
                  <span className="badge badge-error badge-sm mt-1">
                    <Trans>Reported message</Trans>
                  </span>
                ) : null}
                {message.edits?.length ? (
                  <details className="text-xs">
                    <summary className="cursor-pointer">
                      {message.edits.length === 1 ? (
                        <Trans>Edited once: earlier texts</Trans>
                      ) : (
                        <Trans>Edited {message.edits.length} times: earlier texts</Trans>
                      )}
                    </summary>
                    <ol className="mt-1 list-decimal pl-5">
                      {message.edits.map((edit) => (
                        <li key={edit.editedAt} className="break-words whitespace-pre-wrap">
                          {edit.text}{" "}
                          <span className="text-base-content/60">
                            <Trans>(until {formatDateTime(edit.editedAt)})</Trans>
                          </span>
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** What was reported, as it was when the first report came. */
export function SnapshotView({
  snapshot,
  personName,
  caseId,
}: {
  snapshot: Snapshot;
  personName: string;
  /** The case, whose conversation's photos a moderator may open. */
  caseId: string;
}) {
  return (
    <section
      aria-labelledby="snapshot-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="snapshot-title" className="card-title text-lg">
            <Trans>What was reported: {subjectTypeLabel(snapshot.type).toLowerCase()}</Trans>
          </h2>
          <p className="text-xs text-base-content/60">
            <Trans>
              Kept on <time dateTime={snapshot.takenAt}>{formatDateTime(snapshot.takenAt)}</time>
            </Trans>
          </p>
        </header>
        {snapshot.title || (snapshot.text && snapshot.type !== "message") ? (
          <div className="rounded-box border border-base-300 p-4">
            {snapshot.title ? (
              <h3 className="font-semibold break-words">{snapshot.title}</h3>
            ) : null}
            {snapshot.text && snapshot.type !== "message" ? (
              <p className="mt-1 break-words whitespace-pre-wrap">{snapshot.text}</p>
            ) : null}
          </div>
        ) : null}
        {snapshot.messages.length > 0 ? (
          <Conversation messages={snapshot.messages} personName={personName} caseId={caseId} />
        ) : snapshot.type === "message" && snapshot.text ? (
          <p className="rounded-box bg-base-200 p-3 break-words whitespace-pre-wrap">
            {snapshot.text}
          </p>
        ) : null}
        {snapshot.person ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-base-content/70">
              <Trans>The person</Trans>
            </h3>
            <PersonSnapshot person={snapshot.person} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
