import { newMeetupBodySchema, OVERLAP_DAYS } from "@kindred/shared";
import { t as coreT } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarSearch } from "lucide-react";
import { useEffect } from "react";
import { type Path, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { FormError, InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useOverlap } from "../api/get-overlap.ts";
import { proposeMeetup } from "../api/meetup-actions.ts";
import {
  addMinutes,
  DEFAULT_MEETUP_LENGTH,
  fromLocalInput,
  lengthLabel,
  lengthsWithin,
  rangeHolding,
  rangeLabel,
  type TimeRange,
  toLocalInput,
} from "../lib/meetup-time.ts";

const { place, link, note } = newMeetupBodySchema.shape;

/**
 * The dialog's fields: the start as this browser's local time and a length, which make the
 * body's start and end; the place, link and note by the body's own rules.
 */
const suggestFormSchema = z.object({
  start: z.string().refine((value) => fromLocalInput(value) !== undefined, {
    error: () => coreT`Choose a day and a time.`,
  }),
  minutes: z.string(),
  place,
  link,
  note,
});
type SuggestForm = z.input<typeof suggestFormSchema>;

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export type SuggestTimeDialogProps = {
  otherId: string;
  /** The other person's first name. */
  otherName: string;
  onClose: () => void;
};

/**
 * "Suggest a time": the next days' hours both people are free, in the viewer's local time; one
 * chosen fills the start (an hour, or less where the free time is shorter), or any day and time
 * typed by hand. With a place, a video link and a note, all optional, it goes into the chat.
 */
export function SuggestTimeDialog({ otherId, otherName, onClose }: SuggestTimeDialogProps) {
  const { t } = useLingui();
  const overlap = useOverlap(otherId);
  const form = useZodForm(suggestFormSchema, {
    defaultValues: {
      start: "",
      minutes: String(DEFAULT_MEETUP_LENGTH),
      place: "",
      link: "",
      note: "",
    },
  });
  const [startValue, minutesValue] = useWatch({
    control: form.control,
    name: ["start", "minutes"],
  });
  const ranges: TimeRange[] = overlap.data ?? [];
  const start = fromLocalInput(startValue);
  const range = start ? rangeHolding(ranges, start) : undefined;
  const lengths = lengthsWithin(start, range);
  const longest = lengths.at(-1) ?? DEFAULT_MEETUP_LENGTH;
  const fits = lengths.includes(Number(minutesValue));

  // A start moved near the end of its free time keeps the meet-up inside it.
  useEffect(() => {
    if (!fits) form.setValue("minutes", String(longest));
  }, [fits, longest, form]);

  function choose(chosen: TimeRange) {
    const from = new Date(chosen.start);
    const fitting = lengthsWithin(from, chosen);
    form.setValue("start", toLocalInput(from), { shouldDirty: true, shouldValidate: true });
    form.setValue(
      "minutes",
      String(
        fitting.includes(DEFAULT_MEETUP_LENGTH) ? DEFAULT_MEETUP_LENGTH : (fitting.at(-1) ?? 30),
      ),
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const from = fromLocalInput(values.start);
    if (!from) return;
    try {
      await proposeMeetup({
        withUserId: otherId,
        start: from.toISOString(),
        end: addMinutes(from, Number(values.minutes)).toISOString(),
        ...(values.place ? { place: values.place } : {}),
        ...(values.link ? { link: values.link } : {}),
        ...(values.note ? { note: values.note } : {}),
      });
      showToast(t`Suggestion sent to ${otherName}.`, { variant: "success" });
      onClose();
    } catch (error) {
      showMeetupError(error);
    }
  });

  /** The server's time rules name `start` or `end`; the end is the length's field here. */
  function showMeetupError(error: unknown) {
    if (error instanceof ApiError && error.errors.length > 0) {
      let placed = false;
      for (const item of error.errors) {
        const field = item.path === "end" ? "minutes" : item.path;
        if (!(field in form.getValues())) continue;
        form.setError(field as Path<SuggestForm>, { type: "server", message: item.message });
        placed = true;
      }
      if (placed) return;
    }
    showServerError(form, error, t`Something went wrong`);
  }

  const zone = localZone().replaceAll("_", " ");
  const lengthOptions = lengths.map((minutes) => ({
    value: String(minutes),
    label: lengthLabel(minutes),
  }));

  return (
    <Modal
      open
      onClose={onClose}
      title={t`Suggest a time to ${otherName}`}
      description={t`Times are in your time zone (${zone}).`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">
            <Trans>When you're both free</Trans>
          </legend>
          {overlap.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-base-content/70">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              <Trans>Looking for free time…</Trans>
            </p>
          ) : overlap.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                <Trans>Couldn't load your shared free time.</Trans>
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={overlap.isFetching}
                onClick={() => void overlap.refetch()}
              >
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : ranges.length === 0 ? (
            <div className="flex items-start gap-2 rounded-box bg-base-200 p-3 text-sm">
              <CalendarSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                <Trans>
                  No shared free time in the next {OVERLAP_DAYS} days.{" "}
                  <Link
                    to={paths.settingsAvailability}
                    className="link link-primary"
                    onClick={onClose}
                  >
                    Set when you're free
                  </Link>
                  , or choose a day and time below.
                </Trans>
              </p>
            </div>
          ) : (
            <ul
              aria-label={t`Times you're both free`}
              className="flex max-h-52 flex-col gap-1 overflow-y-auto rounded-box border border-base-300 p-1"
            >
              {ranges.map((free) => {
                const chosen = range === free;
                return (
                  <li key={free.start}>
                    <label
                      className={cn(
                        "flex cursor-pointer items-center gap-2 rounded-field px-2 py-1.5 text-sm hover:bg-base-200",
                        chosen && "bg-primary/10 font-medium",
                      )}
                    >
                      <input
                        type="radio"
                        name="free-time"
                        className="radio radio-sm radio-primary"
                        checked={chosen}
                        onChange={() => choose(free)}
                      />
                      {rangeLabel(free.start, free.end)}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <div className="mt-2 grid gap-x-3 sm:grid-cols-[3fr_2fr]">
          <InputField
            control={form.control}
            name="start"
            label={t`Starts`}
            type="datetime-local"
            min={toLocalInput(new Date())}
          />
          <SelectField
            control={form.control}
            name="minutes"
            label={t`How long`}
            options={lengthOptions}
            hint={range ? t`Within your shared free time` : undefined}
          />
        </div>
        <InputField
          control={form.control}
          name="place"
          label={t`Place (optional)`}
          autoComplete="off"
          placeholder={t`Library café`}
        />
        <InputField
          control={form.control}
          name="link"
          label={t`Video link (optional)`}
          type="url"
          inputMode="url"
          // i18n-ignore
          placeholder="https://"
        />
        <TextareaField control={form.control} name="note" label={t`Note (optional)`} rows={2} />
        <FormError control={form.control} />
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <Trans>Not now</Trans>
          </button>
          <SubmitButton pending={form.formState.isSubmitting}>
            <Trans>Send suggestion</Trans>
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
