import { ROLES, type Role } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useSetRole } from "../api/set-role.ts";
import { ROLE_LABELS } from "../lib/labels.ts";

/** An admin's control of one person's role: member, moderator or admin. */
export function RoleControl({
  userId,
  name,
  role,
}: {
  userId: string;
  name: string;
  /** The role now, when known (a case's person); from the audit log it is not. */
  role?: Role;
}) {
  const setRole = useSetRole();
  const [chosen, setChosen] = useState<Role>(role ?? "moderator");
  const [error, setError] = useState<string>();
  const selectId = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        setRole.mutate(
          { userId, role: chosen },
          {
            onSuccess: () => showToast(MODERATION_MESSAGES.roleSaved, { variant: "success" }),
            onError: (failure) => setError(errorMessageOf(failure, t`The role was not saved.`)),
          },
        );
      }}
    >
      <label htmlFor={selectId} className="text-xs font-semibold text-base-content/60">
        <Trans>Role of {name}</Trans>
      </label>
      <div className="flex gap-2">
        <select
          id={selectId}
          className="select select-sm min-w-0 flex-1"
          value={chosen}
          onChange={(event) => setChosen(event.target.value as Role)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-sm btn-outline"
          disabled={setRole.isPending || chosen === role}
        >
          <Trans>Save role</Trans>
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
