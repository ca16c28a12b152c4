import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type Passkey } from "@kindred/shared";
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

/** What the browser's refusal means to the person (WebAuthn errors are DOMException names). */
function browserRefusal(error: unknown): string {
  if (error instanceof ApiError) return error.message || PASSKEY_MESSAGES.failed;
  const name = error instanceof Error ? error.name : "";
  if (name === "InvalidStateError") return "This device already has a passkey for your account.";
  if (name === "NotAllowedError" || name === "AbortError") {
    return "No passkey was made: the request was cancelled or timed out.";
  }
  return "This browser could not make a passkey. Try another browser or device.";
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string>();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  if (renaming) {
    return (
      <li className="py-3" data-testid="passkey">
        <OneFieldForm
          label={`New name for ${passkey.name}`}
          type="text"
          button="Save"
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
                  setError(errorMessageOf(failure, "Couldn't rename the passkey.")),
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
        <p className="font-medium [overflow-wrap:anywhere]">{passkey.name}</p>
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/70">
          <When label="Added" iso={passkey.createdAt} />
          {passkey.lastUsedAt ? (
            <When label="Last used" iso={passkey.lastUsedAt} />
          ) : (
            <span>Not used yet</span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={`Rename ${passkey.name}`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-label={`Remove ${passkey.name}`}
          onClick={() => setRemoving(true)}
        >
          Remove
        </button>
      </div>
      <Modal
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove this passkey?"
        description={`“${passkey.name}” will no longer sign you in. You can still use your password.`}
      >
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setRemoving(false)}>
            Cancel
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
                    showToast(errorMessageOf(failure, "Couldn't remove the passkey."), {
                      variant: "error",
                    }),
                  onSettled: () => setRemoving(false),
                },
              )
            }
          >
            Remove passkey
          </button>
        </div>
      </Modal>
    </li>
  );
}

/** Adding one: the current password, then the browser's own prompt. */
function AddPasskey() {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const add = useAddPasskey();
  if (typeof window !== "undefined" && !window.PublicKeyCredential) {
    return (
      <p className="text-sm text-base-content/70">
        This browser cannot make passkeys. Open Kindred in a recent browser to add one.
      </p>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="btn btn-primary self-start" onClick={() => setAsking(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        Add a passkey
      </button>
    );
  }
  return (
    <OneFieldForm
      label="Current password"
      type="password"
      button="Continue"
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
  const passkeys = usePasskeys();
  let content: ReactNode;
  if (passkeys.isPending) {
    content = <LoadingPanel />;
  } else if (passkeys.isError) {
    content = (
      <ErrorPanel
        title="Couldn't load your passkeys."
        onRetry={() => void passkeys.refetch()}
        retrying={passkeys.isFetching}
      />
    );
  } else {
    content = (
      <>
        {passkeys.data.length > 0 ? (
          <ul aria-label="Passkeys" className="divide-y divide-base-300">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey._id} passkey={passkey} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">You have no passkeys yet.</p>
        )}
        <AddPasskey />
      </>
    );
  }
  return (
    <SettingsCard
      title="Passkeys"
      lead="Sign in with your fingerprint, face or screen lock instead of your password. A passkey sign-in needs no two-step code."
    >
      {content}
    </SettingsCard>
  );
}
