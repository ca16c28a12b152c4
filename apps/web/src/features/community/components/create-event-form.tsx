import {
  type CommunityTokenClaims,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  eventBodySchema,
  eventCapacitySchema,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import { z } from "zod";
import { InputField, TextareaField } from "@/components/ui/field.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateEvent } from "../api/create-event.ts";
import { withViewerOffset } from "../lib/event-time.ts";
import { expiredOn } from "../lib/use-session-expiry.ts";
import { ItemForm } from "./item-form.tsx";

/**
 * The form takes the browser's local date and time; the API gets it as ISO 8601 with the
 * viewer's offset at that date, so the event keeps the zone it was written in. Capacity is
 * optional: empty is no limit, otherwise the shared rule and its message.
 */
const eventFormSchema = eventBodySchema.omit({ u_id: true, date: true }).extend({
  date: z
    .string()
    .min(1, { error: () => t`Date is required` })
    .refine((value) => withViewerOffset(value) !== undefined, {
      error: () => t`Enter a valid date and time`,
    })
    .refine((value) => new Date(value).getTime() > Date.now(), {
      error: () => t`Pick a date in the future`,
    })
    .transform((value) => withViewerOffset(value) as string),
  capacity: z
    .string()
    .transform((value) => (value.trim() === "" ? null : Number(value.trim())))
    .pipe(eventCapacitySchema.nullable()),
});
type EventForm = z.input<typeof eventFormSchema>;
const EMPTY_EVENT: EventForm = {
  title: "",
  description: "",
  date: "",
  location: "",
  capacity: "",
};

/** Now, as a datetime-local value, for the input's minimum. */
function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

/** 'Create an event': title, description, a future date and time, the place and a capacity. */
export function CreateEventForm({
  token,
  claims,
  onExpired,
  onCreated,
}: {
  token: string;
  claims: CommunityTokenClaims;
  onExpired: () => void;
  /** Told the new event's id, so that the list can show where it landed. */
  onCreated: (eventId: string) => void;
}) {
  const { t: tr } = useLingui();
  const form = useZodForm(eventFormSchema, { defaultValues: EMPTY_EVENT });
  const create = useCreateEvent(token);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, u_id: claims.id }).then(
      (event) => {
        form.reset(EMPTY_EVENT);
        showToast(tr`Event added.`, { variant: "success" });
        onCreated(event._id);
      },
      (error: unknown) => {
        if (expiredOn(error, onExpired)) return;
        showServerError(form, error, tr`Could not add the event. Please try again.`);
      },
    ),
  );
  return (
    <section
      aria-labelledby="create-event"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <ItemForm
        control={form.control}
        onSubmit={onSubmit}
        pending={create.isPending}
        submitLabel={tr`Add Event`}
        className="card-body gap-1"
        submitClassName="mt-3"
      >
        <h2 id="create-event" className="flex items-center gap-2 text-xl font-bold">
          <CalendarPlus aria-hidden="true" className="size-5 text-primary" />
          <Trans>Create an event</Trans>
        </h2>
        <InputField
          control={form.control}
          name="title"
          label={tr`Title`}
          maxLength={EVENT_TITLE_MAX_LENGTH}
        />
        <TextareaField
          control={form.control}
          name="description"
          label={tr`Description`}
          rows={3}
          maxLength={EVENT_DESCRIPTION_MAX_LENGTH}
        />
        <InputField
          control={form.control}
          name="date"
          label={tr`Date`}
          type="datetime-local"
          min={localNow()}
        />
        <InputField
          control={form.control}
          name="location"
          label={tr`Location`}
          maxLength={EVENT_LOCATION_MAX_LENGTH}
        />
        <InputField
          control={form.control}
          name="capacity"
          label={tr`Capacity (optional)`}
          hint={tr`Leave empty for no limit. Past it, people join a waitlist.`}
          inputMode="numeric"
          autoComplete="off"
        />
      </ItemForm>
    </section>
  );
}
