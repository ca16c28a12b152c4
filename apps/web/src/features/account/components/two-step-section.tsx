import { RECOVERY_CODE_COUNT, TWO_STEP_MESSAGES } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useMe } from "@/lib/get-me.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  useDisableTwoStep,
  useEnableTwoStep,
  useNewRecoveryCodes,
  useTwoStepSetup,
} from "@/lib/two-step.ts";
import { OneFieldForm } from "./one-field-form.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** The secret of an otpauth address, in groups of four for typing it by hand. */
function secretOf(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** The recovery codes, shown once, with a way to keep them. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const text = codes.join("\n");
  const count = RECOVERY_CODE_COUNT;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        <Trans>
          Keep these {count} recovery codes somewhere safe. Each one signs you in once if you lose
          your phone. They are shown only now.
        </Trans>
      </p>
      <ul
        aria-label={t`Recovery codes`}
        className="grid max-w-md grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => showToast(t`Recovery codes copied.`, { variant: "success" }))
          }
        >
          <Trans>Copy</Trans>
        </button>
        <a
          className="btn btn-sm"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
          download="kindred-recovery-codes.txt"
        >
          <Trans>Download</Trans>
        </a>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          <Trans>I saved them</Trans>
        </button>
      </div>
    </div>
  );
}

/** Turning on: scan (or type the key), confirm one code, keep the recovery codes. */
function TurnOn() {
  const { t } = useLingui();
  const setup = useTwoStepSetup();
  const enable = useEnableTwoStep();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();

  if (codes) {
    return (
      <RecoveryCodeList
        codes={codes}
        onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.me })}
      />
    );
  }
  if (!setup.data) {
    return (
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn btn-primary self-start"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          <Trans>Turn on two-step codes</Trans>
        </button>
        {setup.isError ? (
          <p role="alert" className="text-sm text-error">
            {errorMessageOf(setup.error, t`Could not start. Try again.`)}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Trans>
          Scan this code with an authenticator app (such as 1Password, Google Authenticator or
          Aegis), then enter the 6-digit code it shows.
        </Trans>
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          role="img"
          aria-label={t`QR code for your authenticator app`}
          className="size-44 shrink-0 rounded-box bg-white p-2 [&>svg]:size-full"
          // The server draws the QR code (qrcode's SVG, no scripts) from its own otpauth address.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markup made by our own server
          dangerouslySetInnerHTML={{ __html: setup.data.qrSvg }}
        />
        <div className="min-w-0 text-sm">
          <p>
            <Trans>Can't scan? Type this key into the app:</Trans>
          </p>
          <code className="mt-1 block break-all font-mono text-base" data-testid="two-step-key">
            {secretOf(setup.data.otpauthUrl)}
          </code>
        </div>
      </div>
      <OneFieldForm
        label={t`Code from your app`}
        type="code"
        button={t`Turn on`}
        pending={enable.isPending}
        error={error}
        onSubmit={(code) =>
          enable.mutate(
            { code },
            {
              onSuccess: (answer) => setCodes(answer.recoveryCodes),
              onError: (failure) => setError(errorMessageOf(failure, TWO_STEP_MESSAGES.wrongCode)),
            },
          )
        }
      />
    </div>
  );
}

/** On: new recovery codes or off, each after the password. */
function WhenOn() {
  const { t } = useLingui();
  const [mode, setMode] = useState<"codes" | "off">();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();
  const regenerate = useNewRecoveryCodes();
  const disable = useDisableTwoStep();
  if (codes) return <RecoveryCodeList codes={codes} onDone={() => setCodes(undefined)} />;
  const cancel = () => {
    setMode(undefined);
    setError(undefined);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
        <Trans>Two-step codes are on. Signing in with a password also asks for a code.</Trans>
      </p>
      {mode === undefined ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setMode("codes")}>
            <Trans>New recovery codes</Trans>
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setMode("off")}>
            <Trans>Turn off</Trans>
          </button>
        </div>
      ) : (
        <OneFieldForm
          label={t`Current password`}
          type="password"
          button={mode === "codes" ? t`Make new recovery codes` : t`Turn off two-step codes`}
          pending={regenerate.isPending || disable.isPending}
          error={error}
          onCancel={cancel}
          onSubmit={(password) => {
            const onError = (failure: unknown) =>
              setError(errorMessageOf(failure, t`That is not your current password.`));
            if (mode === "codes") {
              regenerate.mutate(
                { password },
                {
                  onSuccess: (answer) => {
                    cancel();
                    setCodes(answer.recoveryCodes);
                  },
                  onError,
                },
              );
            } else {
              disable.mutate(
                { password },
                {
                  onSuccess: () => {
                    cancel();
                    showToast(t`Two-step codes are off.`, { variant: "success" });
                  },
                  onError,
                },
              );
            }
          }}
        />
      )}
    </div>
  );
}

/** Settings, "Two-step codes": a code from an app after the password, with recovery codes. */
export function TwoStepSection() {
  const { t } = useLingui();
  const { data: me } = useMe();
  return (
    <SettingsCard
      title={t`Two-step codes`}
      lead={t`After your password, sign-in asks for a code from an app on your phone.`}
    >
      {me?.twoStep ? <WhenOn /> : <TurnOn />}
    </SettingsCard>
  );
}
