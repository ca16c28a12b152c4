import { type ContactBody, contactBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { LifeBuoy, Mail } from "lucide-react";
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
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSendContactMessage } from "../api/send-contact-message.ts";

const EMPTY: ContactBody = { name: "", email: "", message: "", website: "", altcha: "" };

export function ContactPage() {
  const { t } = useLingui();
  const send = useSendContactMessage();
  const form = useZodForm(contactBodySchema, { defaultValues: EMPTY });
  const [confirmation, setConfirmation] = useState("");
  const botCheck = useRef<BotCheckHandle>(null);

  const submit = form.handleSubmit(async (body) => {
    setConfirmation("");
    const altcha = await botCheckPayload(botCheck, body.altcha);
    send.mutate(
      { ...body, altcha },
      {
        // A solution is good for one submission: the widget solves a fresh one for the next.
        onSettled: () => botCheck.current?.reset(),
        onSuccess: () => {
          form.reset(EMPTY);
          // The server's confirmation (PUBLIC_FORM_MESSAGES.contactSent), in the reader's language.
          setConfirmation(t`Thank you! Your message has been sent. We will reply by email.`);
        },
        onError: (error) => showServerError(form, error, MESSAGES.somethingWrong),
      },
    );
  });

  return (
    <>
      <PageIntro title={t`Contact us`} lead={t`Questions, ideas or partnerships: write to us.`} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="contact-form-title"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <form noValidate onSubmit={submit} className="card-body relative gap-1">
            <h2 id="contact-form-title" className="card-title text-2xl">
              <Trans>Send us a message</Trans>
            </h2>
            <MessageFields control={form.control} register={form.register} />
            <BotCheckField ref={botCheck} control={form.control} name="altcha" />
            <FormError control={form.control} />
            <div className="mt-3">
              <SubmitButton pending={send.isPending} className="w-full sm:w-auto">
                <Trans>Send Message</Trans>
              </SubmitButton>
            </div>
            <SentConfirmation message={confirmation} />
          </form>
        </section>
        <aside className="flex flex-col gap-4">
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="card-title">
                <Mail aria-hidden="true" className="size-5 text-primary" />
                <Trans>We answer by email</Trans>
              </h2>
              <p className="text-base-content/80">
                <Trans>
                  Your message reaches our team's mailbox, and we reply to the address you give.
                </Trans>
              </p>
            </div>
          </div>
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="card-title">
                <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
                <Trans>Need help with your account?</Trans>
              </h2>
              <p className="text-base-content/80">
                <Trans>
                  The{" "}
                  <Link to={paths.support} className="link link-primary">
                    support center
                  </Link>{" "}
                  sorts tickets by topic, and the{" "}
                  <Link to={paths.faq} className="link link-primary">
                    FAQ
                  </Link>{" "}
                  may already have the answer.
                </Trans>
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
