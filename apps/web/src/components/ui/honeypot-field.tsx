import { Trans } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * The public forms' trap for bots: off screen, out of the tab order and hidden from assistive
 * technology, so only a script fills it; the server then drops the submission silently.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        <Trans>Website</Trans>

        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
