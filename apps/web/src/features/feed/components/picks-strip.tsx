import type { FeedCard, SendStatus } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Heart, Sparkles, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import {
  exchangeSentence,
  fullName,
  relatedPairsSentence,
  relatedSentence,
  sharedSentence,
  UserCard,
} from "@/components/ui/user-card.tsx";
import { useSendDecision } from "@/features/feed/api/send-request.ts";
import type { FeedFilters } from "@/features/feed/lib/feed-filters.ts";

/**
 * Why someone is a pick, in one line: what the two can trade, else what they share, else what of
 * theirs is close to the viewer's skills (the card's own sentences).
 */
export function pickReason(card: FeedCard): string | null {
  const trade = exchangeSentence(card, card.exchange);
  if (trade) return trade;
  const shared = card.sharedInYourWords.length ? card.sharedInYourWords : card.matchingSkills;
  if (shared.length > 0) return sharedSentence(shared);
  if (card.relatedToYours.length > 0) return relatedPairsSentence(card.relatedToYours);
  if (card.related.length > 0) return relatedSentence(card.related);
  return null;
}

type PicksStripProps = {
  /** Today's picks still undecided; the strip is not drawn without one. */
  picks: readonly FeedCard[];
  /** The filters of the deck on screen, where a failed decision's person comes back if there. */
  filters: FeedFilters;
  /** A request went out from a pick (the offer to turn on push follows one). */
  onRequestSent: () => void;
};

/**
 * "Today's picks" above the deck: up to three people, each with a one-line reason. A pick opens
 * the person's card; Ignore and Interested decide as the deck's buttons do (the pick leaves at
 * once and comes back if the request fails). Scrolls sideways on a phone, a row from md up.
 */
export function PicksStrip({ picks, filters, onRequestSent }: PicksStripProps) {
  const { t } = useLingui();
  const headingId = useId();
  const [opened, setOpened] = useState<FeedCard>();
  const listRef = useRef<HTMLUListElement>(null);
  // Where focus goes once a decided pick has left: the pick that takes its place.
  const focusAt = useRef<number | null>(null);
  const retryRef = useRef<(card: FeedCard, status: SendStatus) => void>(() => {});
  const send = useSendDecision({
    filters,
    retry: ({ card, status }) => retryRef.current(card, status),
  });
  const { mutateAsync: sendAsync } = send;

  const decide = (card: FeedCard, status: SendStatus) => {
    const index = picks.findIndex((pick) => pick._id === card._id);
    if (index !== -1) focusAt.current = index;
    setOpened(undefined);
    sendAsync({ card, status, via: "button", fromPicks: true }).then(
      () => {
        if (status === "interested") onRequestSent();
      },
      () => {},
    );
  };
  retryRef.current = decide;

  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("[data-pick-open]");
    buttons?.[Math.min(at, picks.length - 1)]?.focus();
  }, [picks]);

  if (picks.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="w-full max-w-3xl lg:max-w-5xl">
      <h2
        id={headingId}
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-base-content/70 uppercase md:justify-center"
      >
        <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
        <Trans>Today's picks</Trans>
      </h2>
      <ul
        ref={listRef}
        className="mt-1.5 flex snap-x gap-2 overflow-x-auto overscroll-x-contain pb-1 md:justify-center md:overflow-visible"
      >
        {picks.map((card) => (
          <PickItem key={card._id} card={card} onOpen={() => setOpened(card)} onDecide={decide} />
        ))}
      </ul>
      <Modal
        open={opened !== undefined}
        onClose={() => setOpened(undefined)}
        title={t`Today's pick`}
        className="max-w-md"
      >
        {opened ? (
          <div className="flex flex-col gap-4">
            <UserCard user={opened} compact className="shadow-none" />
            <div className="flex justify-end gap-2">
              <button
                type="button"
                className="btn btn-soft btn-error"
                onClick={() => decide(opened, "ignored")}
              >
                <X aria-hidden="true" className="size-4" />
                <Trans>Ignore</Trans>
              </button>
              <button
                type="button"
                className="btn btn-success"
                onClick={() => decide(opened, "interested")}
              >
                <Heart aria-hidden="true" className="size-4" />
                <Trans>Interested</Trans>
              </button>
            </div>
          </div>
        ) : null}
      </Modal>
    </section>
  );
}

type PickItemProps = {
  card: FeedCard;
  onOpen: () => void;
  onDecide: (card: FeedCard, status: SendStatus) => void;
};

function PickItem({ card, onOpen, onDecide }: PickItemProps) {
  const { t } = useLingui();
  const name = fullName(card) || t`Unnamed`;
  const reason = pickReason(card);
  return (
    <li className="w-64 shrink-0 snap-start md:w-auto md:max-w-80 md:min-w-0 md:flex-1 md:basis-0">
      <div className="flex h-full items-center gap-1 rounded-box border border-base-300 bg-base-100 p-1.5 text-base-content shadow-sm">
        <button
          type="button"
          data-pick-open=""
          aria-haspopup="dialog"
          className="flex min-w-0 flex-1 items-center gap-2 rounded-field p-1 text-start hover:bg-base-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          onClick={onOpen}
        >
          {/* The name follows in text: the photo's own name would say it twice. */}
          <span aria-hidden="true" className="shrink-0">
            <Avatar src={card.photoUrl} photo={card.photo} name={name} userId={card._id} />
          </span>
          <span className="flex min-w-0 flex-col">
            <span dir="auto" className="truncate text-sm font-semibold" title={name}>
              {name}
            </span>
            {reason ? (
              <span dir="auto" className="truncate text-xs text-base-content/70" title={reason}>
                {reason}
              </span>
            ) : null}
          </span>
        </button>
        <button
          type="button"
          aria-label={t`Ignore ${name}`}
          title={t`Ignore`}
          className="btn btn-circle btn-ghost btn-sm shrink-0 text-error"
          onClick={() => onDecide(card, "ignored")}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          aria-label={t`Interested in ${name}`}
          title={t`Interested`}
          className="btn btn-circle btn-ghost btn-sm shrink-0 text-success"
          onClick={() => onDecide(card, "interested")}
        >
          <Heart aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
