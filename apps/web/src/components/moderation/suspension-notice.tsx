import type { ModerationNotice } from "@kindred/shared";
import { msg, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { i18n } from "@/i18n/runtime.tsx";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";

// The form (zod, react-hook-form) loads when the person opens the appeal.
const AppealForm = lazy(async () => ({ default: (await import("./appeal-form.tsx")).AppealForm }));

/** A date and time in the reader's own language and clock. */
export function formatNoticeDate(iso: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeStyle: "short" }).format(
    new Date(iso),
  );
}

const APPEAL_STATE_TEXT = {
  open: msg`Appeal sent: a different moderator will decide.`,
  upheld: msg`Your appeal was reviewed and the decision stands.`,
  overturned: msg`Your appeal was accepted.`,
} as const;

function AppealStatus({ notice }: { notice: NonNullable<ModerationNotice> }) {
  const [open, setOpen] = useState(false);
  // Kept while the dialog is open: once sent, Me no longer offers an appeal, and the dialog
  // still says "Appeal sent" until it is closed.
  const [appealUntil] = useState(notice.appealUntil);
  let status: ReactNode;
  if (notice.appeal) {
    status = (
      <p
        className={cn(
          "badge h-auto min-h-6 py-1 whitespace-normal",
          notice.appeal.state === "upheld" ? "badge-neutral" : "badge-info",
        )}
      >
        {i18n._(APPEAL_STATE_TEXT[notice.appeal.state])}
      </p>
    );
  } else if (!notice.appealUntil) {
    status = <p className="text-sm text-base-content/70">{MODERATION_MESSAGES.appealTooLate}</p>;
  } else {
    status = (
      <button type="button" className="btn btn-sm btn-warning" onClick={() => setOpen(true)}>
        <Trans>Appeal</Trans>
      </button>
    );
  }
  return (
    <>
      {status}
      {open ? (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={t`Appeal this decision`}
          description={
            appealUntil
              ? t`You can appeal once, until ${formatNoticeDate(appealUntil)}.`
              : undefined
          }
        >
          <Suspense fallback={<span className="loading loading-spinner" aria-hidden="true" />}>
            <AppealForm
              actionId={notice.actionId}
              secondary={
                <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                  <Trans>Cancel</Trans>
                </button>
              }
            />
          </Suspense>
        </Modal>
      ) : null}
    </>
  );
}

/**
 * On every signed-in screen while the account is suspended: why, until when (in the reader's
 * language), and Appeal, or the appeal's state once sent.
 */
export function SuspensionNotice({ className }: { className?: string }) {
  const { data: me } = useMe();
  const notice = me?.moderation;
  if (notice?.state !== "suspended") return null;
  return (
    <section
      aria-labelledby="suspension-notice-title"
      className={cn("border-b border-warning/40 bg-warning/10 px-3 py-3 sm:px-4", className)}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center">
        <ShieldAlert aria-hidden="true" className="hidden size-6 shrink-0 text-warning sm:block" />
        <div className="min-w-0 flex-1 text-sm">
          <h2 id="suspension-notice-title" className="font-semibold">
            {notice.until
              ? t`Your account is suspended until ${formatNoticeDate(notice.until)}.`
              : MODERATION_MESSAGES.suspended}
          </h2>
          <p className="break-words">
            <span className="font-medium">
              <Trans>Reason:</Trans>
            </span>{" "}
            {notice.reason}
          </p>
          <p className="text-base-content/70">
            <Trans>
              You can read, but not send requests, messages, posts, replies or answers until then.
            </Trans>
          </p>
        </div>
        <div className="shrink-0">
          <AppealStatus notice={notice} />
        </div>
      </div>
    </section>
  );
}
