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

export const ACCOUNT_DELETED = "Your account was deleted.";
export const WRONG_PASSWORD = "That is not your password.";

/** What goes with the account, as the dialog names it. */
const WHAT_GOES = [
  "your profile, photo and skills",
  "your connections and connection requests, both ways",
  'your name and photo on your messages: the people you wrote to keep them, from "Deleted account"',
  "your community posts, groups and events",
  "your notifications, settings, devices, blocks and reports",
];

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
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
        await navigate(paths.landing, { replace: true, state: { notice: ACCOUNT_DELETED } });
        queryClient.setQueryData(queryKeys.me, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      },
      onError: (error) => {
        if (isWrongPassword(error)) {
          form.setError(
            "password",
            { type: "server", message: error.message || WRONG_PASSWORD },
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
      <p className="text-sm font-medium">This removes, for good:</p>
      <ul className="mt-1 mb-3 list-disc space-y-0.5 pl-5 text-sm">
        {WHAT_GOES.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mb-2 text-sm">Nothing is kept. Your email becomes free for a new sign-up.</p>
      <PasswordField
        control={form.control}
        name="password"
        label="Your password"
        autoComplete="current-password"
      />
      <FormError control={form.control} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-error"
          disabled={password === "" || remove.isPending}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          Delete my account
        </button>
      </div>
    </form>
  );
}

/** Settings, the danger zone: deleting the account, after the password is typed again. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard
      title="Delete account"
      danger
      lead="Deleting your account cannot be undone. Download your data first if you want a copy."
    >
      <div>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen(true)}>
          Delete account…
        </button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        description="Everyone stops seeing you at once, and you are signed out everywhere."
      >
        {/* A fresh form each time the dialog opens. */}
        {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
      </Modal>
    </SettingsCard>
  );
}
