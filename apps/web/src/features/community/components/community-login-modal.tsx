import { type CommunityAuthBody, communityAuthBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useMe } from "@/lib/get-me.ts";
import { useJoinCommunity } from "../api/join-community.ts";

type CommunityLoginModalProps = {
  open: boolean;
  onClose: () => void;
  onJoined: (name: string) => void;
  /** Why it opened, when it is not the first visit ('Session expired…', 'Please log in to post.'). */
  notice?: string | null;
};

const EMPTY: CommunityAuthBody = { uname: "", password: "" };

/** Login / Signup for the community; a signed-in user joins with one click. */
export function CommunityLoginModal({ open, onClose, onJoined, notice }: CommunityLoginModalProps) {
  const { t } = useLingui();
  const { data: me } = useMe();
  const firstName = me?.firstName ?? "";
  const join = useJoinCommunity();
  const form = useZodForm(communityAuthBodySchema, { defaultValues: EMPTY });

  function joined(name: string) {
    form.reset(EMPTY);
    join.reset();
    onJoined(name);
  }

  const onSubmit = form.handleSubmit((values) =>
    join.mutateAsync(values).then(
      (answer) => joined(answer.data.uname),
      (error: unknown) => showServerError(form, error, COMMUNITY_MESSAGES.postFailed),
    ),
  );

  function continueAsMe() {
    join.mutate(undefined, {
      onSuccess: (answer) => joined(answer.data.uname),
      onError: (error) => showServerError(form, error, t`Could not join. Please try again.`),
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Login / Signup`}
      description={t`Join the Kindred community to share thoughts, study groups and events.`}
    >
      {notice ? (
        <p role="alert" className="alert alert-warning alert-soft mb-3 text-sm">
          {notice}
        </p>
      ) : null}
      {me ? (
        <div className="mb-2 flex flex-col gap-3">
          <button
            type="button"
            className="btn btn-primary w-full"
            onClick={continueAsMe}
            disabled={join.isPending}
          >
            {join.isPending && join.variables === undefined ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            <Trans>Continue as {firstName}</Trans>
          </button>
          <div className="divider my-1 text-xs text-base-content/60">
            <Trans>or use a username</Trans>
          </div>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <InputField
          control={form.control}
          name="uname"
          label={t`Username`}
          hint={t`A new username joins you; your Kindred email works too.`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t`Password`}
          hint={t`At least 8 characters for a new username.`}
          autoComplete="current-password"
        />
        <FormError control={form.control} />
        <SubmitButton
          pending={join.isPending && join.variables !== undefined}
          className="mt-3 w-full"
        >
          <Trans>Continue</Trans>
        </SubmitButton>
      </form>
    </Modal>
  );
}
