import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormError } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { rememberSession } from "@/lib/session-hint.ts";
import { useDeleteAccount } from "../api/delete-account.ts";

import { deleteAccountFormSchema } from "../lib/account-forms.ts";
import { isWrongPassword } from "../lib/wrong-password.ts";
import { SettingsCard } from "./settings-card.tsx";

/** What goes with the account, and what stays without the email, as the dialog names them. */
const WHAT_GOES: MessageDescriptor[] = [
  msg`your profile, photo and skills`,
  msg`your connections and connection requests, both ways`,
  msg`your name and photo on the messages you sent`,
  msg`your community posts, groups and events`,
  msg`your notifications, settings, devices and blocks`,
];
const WHAT_STAYS: MessageDescriptor[] = [
  msg`the people you wrote to keep their copy of your conversations, shown as from "Deleted account"`,
  msg`a conversation ended by a block or a removal, out of everyone's reach, until it is deleted after 30 days`,
  msg`reports you made or that were made about you, with what was reported, for the moderators`,
];

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const form = useZodForm(deleteAccountFormSchema, {
    defaultValues: { password: "" },
    mode: "onSubmit",
  });
  const password = useWatch({ control: form.control, name: "password" });

  const submit = form.handleSubmit((body) =>
    remove.mutate(body, {
      onSuccess: async () => {
        // Signed out before the landing page renders, so it asks nothing of the ended session;
        // the cache is emptied once this signed-in screen is gone, so its guard does not move to
        // /login first.
        rememberSession(false);
        await navigate(paths.landing, {
          replace: true,
          state: { notice: t`Your account was deleted.` },
        });
        queryClient.setQueryData(queryKeys.me, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      },
      onError: (error) => {
        if (isWrongPassword(error)) {
          form.setError(
            "password",
            { type: "server", message: error.message || t`That is not your password.` },
            { shouldFocus: true },
          );
          return;
        }
        showServerError(form, error, MESSAGES.somethingWrong);
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col">
      <p className="text-sm font-medium">
        <Trans>This removes, for good:</Trans>
      </p>
      <ul aria-label={t`What goes`} className="mt-1 mb-3 list-disc space-y-0.5 ps-5 text-sm">
        {WHAT_GOES.map((item) => (
          <li key={item.id}>{i18n._(item)}</li>
        ))}
      </ul>
      <p className="text-sm font-medium">
        <Trans>What stays, never with your email:</Trans>
      </p>
      <ul aria-label={t`What stays`} className="mt-1 mb-3 list-disc space-y-0.5 ps-5 text-sm">
        {WHAT_STAYS.map((item) => (
          <li key={item.id}>{i18n._(item)}</li>
        ))}
      </ul>
      <p className="mb-2 text-sm">
        <Trans>Your email becomes free for a new sign-up.</Trans>
      </p>
      <PasswordField
        control={form.control}
        name="password"
        label={t`Your password`}
        autoComplete="current-password"
      />
      <FormError control={form.control} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="submit"
          className="btn btn-error"
          disabled={password === "" || remove.isPending}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          <Trans>Delete my account</Trans>
        </button>
      </div>
    </form>
  );
}

/** Settings, the danger zone: deleting the account, after the password is typed again. */
export function DeleteAccountSection() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard
      title={t`Delete account`}
      danger
      lead={t`Deleting your account cannot be undone. Download your data first if you want a copy.`}
    >
      <div>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen(true)}>
          <Trans>Delete account…</Trans>
        </button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t`Delete your account?`}
        description={t`Everyone stops seeing you at once, and you are signed out everywhere.`}
      >
        {/* A fresh form each time the dialog opens. */}
        {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
      </Modal>
    </SettingsCard>
  );
}
