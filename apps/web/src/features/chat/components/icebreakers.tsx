import { Trans } from "@lingui/react/macro";
import { MessageCircleHeart } from "lucide-react";
import { useId } from "react";

type IcebreakersProps = {
  openers: readonly string[];
  /** Puts the opener in the message field (it is not sent). */
  onPick: (text: string) => void;
};

/** Openers for a conversation with no message yet; one tap puts one in the field. */
export function Icebreakers({ openers, onPick }: IcebreakersProps) {
  const headingId = useId();
  if (openers.length === 0) return null;
  return (
    <div className="flex w-full max-w-md flex-col gap-2">
      <p
        id={headingId}
        className="flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide text-base-content/60 uppercase"
      >
        <MessageCircleHeart aria-hidden="true" className="size-4 text-primary" />
        <Trans>Break the ice</Trans>
      </p>
      <ul aria-labelledby={headingId} className="flex flex-col gap-2">
        {openers.map((text) => (
          <li key={text}>
            <button
              type="button"
              className="btn btn-outline btn-sm h-auto min-h-9 w-full justify-start py-2 text-start leading-snug font-normal whitespace-normal"
              dir="auto"
              onClick={() => onPick(text)}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
