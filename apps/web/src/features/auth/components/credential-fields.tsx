import { useLingui } from "@lingui/react/macro";
import type { Control, FieldValues } from "react-hook-form";
import { InputField } from "@/components/ui/field.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";

type CredentialValues = FieldValues & { emailId: string; password: string };

/** Email and password, as login and signup ask them. */
export function CredentialFields<Values extends CredentialValues, Output extends FieldValues>({
  control,
  newPassword = false,
  emailAutoComplete = "email",
}: {
  control: Control<Values, unknown, Output>;
  /** Login: "username webauthn", so the browser can offer passkeys in the email field. */
  emailAutoComplete?: string;
  /** Signup: the browser may suggest a new password, and the rule is shown. */
  newPassword?: boolean;
}) {
  const { t } = useLingui();
  const bound = control as unknown as Control<CredentialValues, unknown, Output>;
  return (
    <>
      <InputField
        control={bound}
        name="emailId"
        label={t`Email`}
        type="email"
        autoComplete={emailAutoComplete}
      />
      <PasswordField
        control={bound}
        name="password"
        label={t`Password`}
        autoComplete={newPassword ? "new-password" : "current-password"}
        hint={newPassword ? t`At least 8 characters.` : undefined}
      />
    </>
  );
}
