import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type Passkey } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Modal } from "@/components/ui/modal.tsx";
import { ErrorPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { ApiError, errorMessageOf } from "@/lib/api-client.ts";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from "../api/passkeys.ts";
import { OneFieldForm } from "./one-field-form.tsx";
import { SettingsCard } from "./settings-card.tsx";
import { When } from "./when.tsx";

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useLingui();
  const passkeyName = passkey.name;
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string>();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  if (renaming) {
    return (
      <li className="py-3" data-testid="passkey">
        <OneFieldForm
          label={t`New name for ${passkeyName}`}
          type="text"
          button={t`Save`}
          initialValue={passkey.name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          pending={rename.isPending}
          error={error}
          onCancel={() => {
            setRenaming(false);
            setError(undefined);
          }}
          onSubmit={(name) =>
            rename.mutate(
              { id: passkey._id, name },
              {
                onSuccess: () => {
                  setRenaming(false);
                  setError(undefined);
                  showToast(PASSKEY_MESSAGES.renamed, { variant: "success" });
                },
                onError: (failure) =>
                  setError(errorMessageOf(failure, t`Couldn't rename the passkey.`)),
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-3 py-3" data-testid="passkey">
      <KeyRound aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere]" dir="auto">
          {passkey.name}
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/70">
          <When label={t`Added`} iso={passkey.createdAt} />
          {passkey.lastUsedAt ? (
            <When label={t`Last used`} iso={passkey.lastUsedAt} />
          ) : (
            <span>
              <Trans>Not used yet</Trans>
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={t`Rename ${passkeyName}`}
          onClick={() => setRenaming(true)}
        >
          <Trans>Rename</Trans>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-label={t`Remove ${passkeyName}`}
          onClick={() => setRemoving(true)}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
      <Modal
        open={removing}
        onClose={() => setRemoving(false)}
        title={t`Remove this passkey?`}
        description={t`“${passkeyName}” will no longer sign you in. You can still use your password.`}
      >
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setRemoving(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { id: passkey._id },
                {
                  onSuccess: () => showToast(PASSKEY_MESSAGES.removed, { variant: "success" }),
                  onError: (failure) =>
                    showToast(errorMessageOf(failure, t`Couldn't remove the passkey.`), {
                      variant: "error",
                    }),
                  onSettled: () => setRemoving(false),
                },
              )
            }
          >
            <Trans>Remove passkey</Trans>
          </button>
        </div>
      </Modal>
    </li>
  );
}

/** Adding one: the current password, then the browser's own prompt. */
function AddPasskey() {
  const { t } = useLingui();
  /** What the browser's refusal means to the person (WebAuthn errors are DOMException names). */
  function browserRefusal(error: unknown): string {
    if (error instanceof ApiError) return error.message || PASSKEY_MESSAGES.failed;
    const name = error instanceof Error ? error.name : "";
    if (name === "InvalidStateError") return t`This device already has a passkey for your account.`;
    if (name === "NotAllowedError" || name === "AbortError") {
      return t`No passkey was made: the request was cancelled or timed out.`;
    }
    return t`This browser could not make a passkey. Try another browser or device.`;
  }
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const add = useAddPasskey();
  if (typeof window !== "undefined" && !window.PublicKeyCredential) {
    return (
      <p className="text-sm text-base-content/70">
        <Trans>
          This browser cannot make passkeys. Open Kindred in a recent browser to add one.
        </Trans>
      </p>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="btn btn-primary self-start" onClick={() => setAsking(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        <Trans>Add a passkey</Trans>
      </button>
    );
  }
  return (
    <OneFieldForm
      label={t`Current password`}
      type="password"
      button={t`Continue`}
      pending={add.isPending}
      error={error}
      onCancel={() => {
        setAsking(false);
        setError(undefined);
      }}
      onSubmit={(password) =>
        add.mutate(password, {
          onSuccess: () => {
            setAsking(false);
            setError(undefined);
            showToast(PASSKEY_MESSAGES.added, { variant: "success" });
          },
          onError: (failure) => setError(browserRefusal(failure)),
        })
      }
    />
  );
}

/**
 * Settings, "Passkeys": sign in with the device's fingerprint, face or screen lock instead of the
 * password; add one, see when each was added and last used, rename or remove it.
 */
export function PasskeysSection() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  let content: ReactNode;
  if (passkeys.isPending) {
    content = <LoadingPanel />;
  } else if (passkeys.isError) {
    content = (
      <ErrorPanel
        title={t`Couldn't load your passkeys.`}
        onRetry={() => void passkeys.refetch()}
        retrying={passkeys.isFetching}
      />
    );
  } else {
    content = (
      <>
        {passkeys.data.length > 0 ? (
          <ul aria-label={t`Passkeys`} className="divide-y divide-base-300">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey._id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">
            <Trans>You have no passkeys yet.</Trans>
          </p>
        )}
        <AddPasskey />
      </>
    );
  }
  return (
    <SettingsCard
      title={t`Passkeys`}
      lead={t`Sign in with your fingerprint, face or screen lock instead of your password. A passkey sign-in needs no two-step code.`}
    >
      {content}
    </SettingsCard>
  );
}
