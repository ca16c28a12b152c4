import {
  SUPPORT_SUBMIT_MIN_MS,
  SUPPORT_TOPICS,
  type SupportTicketBody,
  type SupportTopic,
  supportTicketBodySchema,
} from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { Link } from "react-router";
import {
  BotCheckField,
  type BotCheckHandle,
  botCheckPayload,
} from "@/components/ui/bot-check-field.tsx";
import { FormError } from "@/components/ui/field.tsx";
import { MessageFields, SentConfirmation } from "@/components/ui/message-fields.tsx";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSubmitTicket } from "../api/submit-ticket.ts";

const EMPTY: SupportTicketBody = {
  name: "",
  email: "",
  message: "",
  topic: undefined,
  website: "",
  altcha: "",
};

/** The topics' names as a reader sees them; the value sent stays the English topic. */
const TOPIC_LABELS: Record<SupportTopic, MessageDescriptor> = {
  "Account Issues": msg`Account Issues`,
  "Safety and Reports": msg`Safety and Reports`,
  "Technical Support": msg`Technical Support`,
  "Product Questions": msg`Product Questions`,
  "General Inquiries": msg`General Inquiries`,
};

const SUPPORT_FAQ = [
  {
    question: msg`How quickly do you answer?`,
    answer: msg`Every ticket reaches our support mailbox at once; we answer by email, usually within two business days.`,
  },
  {
    question: msg`I forgot my password. What now?`,
    answer: msg`Use Forgot password on the login page: we mail you a 6-digit code to set a new one.`,
  },
  {
    question: msg`How do I delete my account?`,
    answer: msg`In Settings, choose Delete account and enter your password: the account goes at once. For anything it cannot do, send a ticket from the email you signed up with and choose Account Issues.`,
  },
] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function SupportPage() {
  const { t, i18n } = useLingui();
  const submitTicket = useSubmitTicket();
  const form = useZodForm(supportTicketBodySchema, { defaultValues: EMPTY });
  const [submitting, setSubmitting] = useState(false);
  const [thanks, setThanks] = useState(false);
  const botCheck = useRef<BotCheckHandle>(null);
  const topic = form.watch("topic");

  const submit = form.handleSubmit(async (body) => {
    setSubmitting(true);
    setThanks(false);
    // 'Submitting...' shows for at least 2 seconds (spec), even when the server is quicker.
    const [result] = await Promise.allSettled([
      botCheckPayload(botCheck, body.altcha).then((altcha) =>
        submitTicket.mutateAsync({ ...body, altcha }),
      ),
      wait(SUPPORT_SUBMIT_MIN_MS),
    ]);
    setSubmitting(false);
    // A solution is good for one submission: the widget solves a fresh one for the next.
    botCheck.current?.reset();
    if (result.status === "fulfilled") {
      form.reset(EMPTY);
      setThanks(true);
    } else {
      showServerError(form, result.reason, MESSAGES.somethingWrong);
    }
  });

  return (
    <>
      <PageIntro
        title={t`Support center`}
        lead={t`Tell us what is wrong and we will help by email.`}
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="ticket-title"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <form noValidate onSubmit={submit} className="card-body relative gap-1">
            <h2 id="ticket-title" className="card-title text-2xl">
              <Trans>Submit a ticket</Trans>
            </h2>
            <fieldset className="my-2">
              <legend className="mb-2 text-sm font-medium">
                <Trans>Topic</Trans>
              </legend>
              <div className="flex flex-wrap gap-2">
                {SUPPORT_TOPICS.map((item) => (
                  <button
                    key={item}
                    type="button"
                    aria-pressed={topic === item}
                    className={cn(
                      "btn btn-sm rounded-full",
                      topic === item ? "btn-primary" : "btn-outline",
                    )}
                    onClick={() =>
                      form.setValue("topic", topic === item ? undefined : item, {
                        shouldDirty: true,
                      })
                    }
                  >
                    {i18n._(TOPIC_LABELS[item])}
                  </button>
                ))}
              </div>
            </fieldset>
            <MessageFields control={form.control} register={form.register} />
            <BotCheckField ref={botCheck} control={form.control} name="altcha" />
            <FormError control={form.control} />
            <div className="mt-3">
              <button
                type="submit"
                className="btn btn-primary w-full sm:w-auto"
                disabled={submitting}
              >
                {submitting ? (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                ) : null}
                {submitting ? t`Submitting...` : t`Submit Ticket`}
              </button>
            </div>
            <SentConfirmation
              message={thanks ? t`Thank you! Your ticket has been submitted.` : ""}
            />
          </form>
        </section>
        <section aria-labelledby="support-faq-title" className="flex flex-col gap-3">
          <h2 id="support-faq-title" className="text-2xl font-bold">
            <Trans>Common questions</Trans>
          </h2>
          {SUPPORT_FAQ.map((item) => (
            <details
              key={item.question.id}
              className="collapse-arrow collapse border border-base-300 bg-base-100"
            >
              <summary className="collapse-title font-semibold">{i18n._(item.question)}</summary>
              <div className="collapse-content text-base-content/80">
                <p>{i18n._(item.answer)}</p>
              </div>
            </details>
          ))}
          <p className="text-base-content/70">
            <Trans>
              More answers in the{" "}
              <Link to={paths.faq} className="link link-primary">
                FAQ
              </Link>
              .
            </Trans>
          </p>
        </section>
      </div>
    </>
  );
}
