import { HONEYPOT_FIELD, newsletterBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import {
  BotCheckField,
  type BotCheckHandle,
  botCheckPayload,
} from "@/components/ui/bot-check-field.tsx";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { HoneypotField } from "@/components/ui/honeypot-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { subscribeNewsletter } from "../api/subscribe-newsletter.ts";

/** The newsletter box of the landing footer: a real sign-up, confirmed in words. */
export function NewsletterBox() {
  const { t } = useLingui();
  const form = useZodForm(newsletterBodySchema, {
    defaultValues: { email: "", website: "", altcha: "" },
  });
  const botCheck = useRef<BotCheckHandle>(null);
  const [pending, setPending] = useState(false);
  const [confirmation, setConfirmation] = useState("");

  const submit = form.handleSubmit(async (body) => {
    setPending(true);
    setConfirmation("");
    try {
      const altcha = await botCheckPayload(botCheck, body.altcha);
      await subscribeNewsletter({ ...body, altcha });
      form.reset({ email: "", website: "", altcha: "" });
      // The server's confirmation (PUBLIC_FORM_MESSAGES.subscribed), in the reader's language.
      setConfirmation(t`You're subscribed. Look out for the Kindred newsletter in your inbox.`);
    } catch (error) {
      // What was typed stays, with the reason beside it.
      showServerError(form, error, MESSAGES.somethingWrong);
    } finally {
      // A solution is good for one submission: the widget solves a fresh one for the next.
      botCheck.current?.reset();
      setPending(false);
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="relative flex flex-col gap-1"
      aria-label={t`Newsletter`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <InputField
          control={form.control}
          name="email"
          label={t`Email for the newsletter`}
          type="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          className="flex-1"
        />
        <SubmitButton pending={pending} className="sm:mt-7">
          <Trans>Subscribe</Trans>
        </SubmitButton>
      </div>
      <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
      <BotCheckField ref={botCheck} control={form.control} name="altcha" />
      <FormError control={form.control} />
      <p role="status" className="min-h-6 text-sm font-medium text-base-content">
        {confirmation}
      </p>
    </form>
  );
}
