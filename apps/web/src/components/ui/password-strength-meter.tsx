import {
  checkPasswordStrength,
  PASSWORD_STRENGTH_LABELS,
  type PasswordStrength,
  passwordUserInputs,
} from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { sharedText } from "@/i18n/shared-text.ts";
import { cn } from "@/lib/cn.ts";

/** How long typing must pause before the password is scored again. */
const SCORE_DELAY_MS = 120;

const BAR_COLOURS = ["bg-error", "bg-error", "bg-warning", "bg-success", "bg-success"] as const;

/**
 * The strength of a new password, under its field: five bars, a word and, for a weak one, the
 * reason the server would refuse it (the same zxcvbn scoring, with the person's own name and
 * email counted as guessable). The dictionaries load on first use, not with the page.
 */
export function PasswordStrengthMeter({
  password,
  firstName,
  lastName,
  email,
  className,
}: {
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  className?: string;
}) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);

  useEffect(() => {
    if (password === "") {
      setStrength(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void checkPasswordStrength(password, passwordUserInputs({ firstName, lastName, email }))
        .then((result) => {
          if (current) setStrength(result);
        })
        .catch(() => {
          // The dictionaries did not load (offline): the server still checks on submit.
          if (current) setStrength(null);
        });
    }, SCORE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, firstName, lastName, email]);

  if (!strength || password === "") return null;
  const label = sharedText(PASSWORD_STRENGTH_LABELS[strength.score] ?? "");
  return (
    <div
      className={cn("-mt-1 mb-2 flex flex-col gap-1", className)}
      data-testid="password-strength"
    >
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              "h-1.5 flex-1 rounded-full",
              bar <= strength.score ? BAR_COLOURS[strength.score] : "bg-base-300",
            )}
          />
        ))}
      </div>
      <p className="text-sm" aria-live="polite">
        <span className="font-medium">
          <Trans>Password strength: {label}.</Trans>
        </span>

        {strength.reason ? (
          <span className="text-error"> {sharedText(strength.reason)}</span>
        ) : null}
      </p>
    </div>
  );
}
