import {
  CAMPUS_MESSAGES,
  type CampusEmail,
  campusEmailBodySchema,
  campusVerifyBodySchema,
} from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { GraduationCap } from "lucide-react";
import { type ReactNode, useState } from "react";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { LoadingPanel } from "@/components/ui/status-panel.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { ApiError, errorMessageOf, isUnauthenticated } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  useCampusEmail,
  useRemoveCampusEmail,
  useSendCampusCode,
  useVerifyCampusCode,
} from "../api/campus-email.ts";
import { accountKeys } from "../lib/account-keys.ts";
import { OneFieldForm } from "./one-field-form.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** Answers after which what the server holds is not what the screen shows: read it again. */
const STALE_STATE_CODES = new Set([
  "NO_CAMPUS_EMAIL_PENDING",
  "CAMPUS_ALREADY_VERIFIED",
  "CAMPUS_EMAIL_TAKEN",
]);

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (isUnauthenticated(error)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    } else if (error instanceof ApiError && STALE_STATE_CODES.has(error.code)) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.campus });
    }
  };
}

/** The address: its domain must name a university; a code goes to it. */
function AddressForm({ onSent, onCancel }: { onSent: () => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const send = useSendCampusCode();
  const refreshAfter = useRefreshAfter();
  const form = useZodForm(campusEmailBodySchema, { defaultValues: { email: "" } });
  const submit = form.handleSubmit(({ email }) =>
    send.mutate(
      { email },
      {
        onSuccess: onSent,
        onError: (error) => {
          refreshAfter(error);
          showServerError(form, error, MESSAGES.somethingWrong);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col">
      <InputField
        control={form.control}
        name="email"
        label={t`University email`}
        type="email"
        autoComplete="email"
        placeholder={t`you@university.edu`}
      />
      <FormError control={form.control} />
      <div className="mt-2 flex flex-wrap gap-2">
        <SubmitButton pending={send.isPending}>
          <Trans>Send a code</Trans>
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The code mailed to the pending address; a new one, or another address, on the way. */
function CodeStep({ campus, onOtherAddress }: { campus: CampusEmail; onOtherAddress: () => void }) {
  const { t } = useLingui();
  const verify = useVerifyCampusCode();
  const resend = useSendCampusCode();
  const refreshAfter = useRefreshAfter();
  const [error, setError] = useState<string>();

  function submit(value: string) {
    const parsed = campusVerifyBodySchema.safeParse({ code: value.replace(/\s/g, "") });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    verify.mutate(parsed.data, {
      onSuccess: () => showToast(CAMPUS_MESSAGES.verified, { variant: "success" }),
      onError: (failure) => {
        refreshAfter(failure);
        setError(errorMessageOf(failure, MESSAGES.somethingWrong));
      },
    });
  }

  function sendAgain() {
    resend.mutate(
      { email: campus.email },
      {
        onSuccess: () => {
          setError(undefined);
          showToast(CAMPUS_MESSAGES.codeSent, { variant: "success" });
        },
        onError: (failure) => {
          refreshAfter(failure);
          setError(errorMessageOf(failure, MESSAGES.somethingWrong));
        },
      },
    );
  }

  const email = campus.email;
  const university = campus.university;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm [overflow-wrap:anywhere]">
        <Trans>
          We sent a 6-digit code to <span className="font-medium">{email}</span>. Once you enter it,
          your card shows{" "}
          <span className="font-medium" dir="auto">
            {university}
          </span>
          .
        </Trans>
      </p>
      <OneFieldForm
        label={t`Code from your university email`}
        type="code"
        button={t`Verify`}
        maxLength={12}
        pending={verify.isPending}
        error={error}
        onSubmit={submit}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={resend.isPending}
          onClick={sendAgain}
        >
          <Trans>Send a new code</Trans>
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onOtherAddress}>
          <Trans>Use another address</Trans>
        </button>
      </div>
    </div>
  );
}

/** The proved address: its university is on the card until it is removed. */
function Verified({ campus }: { campus: CampusEmail }) {
  const remove = useRemoveCampusEmail();
  const refreshAfter = useRefreshAfter();
  const [error, setError] = useState<string>();
  const email = campus.email;
  const university = campus.university;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <GraduationCap aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="font-medium [overflow-wrap:anywhere]">
            <Trans>Verified: {university}</Trans>
          </p>
          <p className="text-sm text-base-content/70 [overflow-wrap:anywhere]">
            <Trans>With {email}, which only you can see.</Trans>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setError(undefined);
                showToast(CAMPUS_MESSAGES.removed, { variant: "success" });
              },
              onError: (failure) => {
                refreshAfter(failure);
                setError(errorMessageOf(failure, MESSAGES.somethingWrong));
              },
            })
          }
        >
          <Trans>Remove</Trans>
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Settings, "University email": prove an address at a university and its name shows on your
 * card (never the address). Address, then the mailed code, then the university with Remove.
 */
export function CampusSection() {
  const { t } = useLingui();
  const campus = useCampusEmail();
  const [otherAddress, setOtherAddress] = useState(false);
  let content: ReactNode;
  if (campus.isPending) {
    content = <LoadingPanel />;
  } else if (campus.isError) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm">
          <Trans>Couldn't load your university email.</Trans>
        </p>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={campus.isFetching}
          onClick={() => void campus.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else if (campus.data?.verified) {
    content = <Verified campus={campus.data} />;
  } else if (campus.data && !otherAddress) {
    content = <CodeStep campus={campus.data} onOtherAddress={() => setOtherAddress(true)} />;
  } else {
    content = (
      <AddressForm
        onSent={() => setOtherAddress(false)}
        onCancel={campus.data ? () => setOtherAddress(false) : undefined}
      />
    );
  }
  return (
    <SettingsCard
      title={t`University email`}
      lead={t`Prove you study or work at a university and its name shows on your card. Your university address itself is never shown to anyone.`}
    >
      {content}
    </SettingsCard>
  );
}
