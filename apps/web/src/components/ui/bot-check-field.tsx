import { Trans } from "@lingui/react/macro";
import { lazy, type Ref, type RefObject, Suspense } from "react";
import {
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
  useController,
} from "react-hook-form";
import type { AltchaHandle } from "./altcha-widget.tsx";

const AltchaWidget = lazy(() => import("./altcha-widget.tsx"));

/** Where the widget asks for a challenge. */
export const ALTCHA_CHALLENGE_URL = "/api/altcha";

export type BotCheckHandle = AltchaHandle;

/**
 * The solution to send: the one the widget has, or, when the person sent the form before it
 * finished, the one it solves now ("" when it cannot; the server then says what to do).
 */
export async function botCheckPayload(
  handle: RefObject<BotCheckHandle | null>,
  current: string | undefined,
): Promise<string> {
  if (current) return current;
  const widget = await mountedWidget(handle);
  return (await widget?.solve().catch(() => undefined)) ?? "";
}

/** How long a form sent at once waits for the widget's code to load before sending without it. */
const WIDGET_LOAD_MS = 10_000;

/** The widget once its lazily loaded code has mounted it (a form sent before that waits). */
async function mountedWidget(
  handle: RefObject<BotCheckHandle | null>,
): Promise<BotCheckHandle | null> {
  const deadline = Date.now() + WIDGET_LOAD_MS;
  while (!handle.current && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return handle.current;
}

/**
 * The bot check of sign-up, forgot-password and the public forms: a self-hosted proof of work
 * (ALTCHA) the browser solves while the person fills the form. Its solution is the form's
 * `altcha` value; the server's refusal of it shows under the widget. Call `reset()` through the
 * ref after a refused submission: a solution is good for one try only.
 */
export function BotCheckField<Values extends FieldValues, Name extends FieldPath<Values>>({
  ref,
  control,
  name,
}: Pick<UseControllerProps<Values, Name>, "control" | "name"> & { ref?: Ref<BotCheckHandle> }) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  return (
    <div className="my-2" aria-describedby={fieldState.error ? errorId : undefined}>
      <Suspense
        fallback={
          <p className="min-h-12 text-sm">
            <Trans>Loading the robot check…</Trans>
          </p>
        }
      >
        <AltchaWidget
          ref={ref}
          challengeUrl={ALTCHA_CHALLENGE_URL}
          onPayload={(payload) => {
            // A reset of a field that holds nothing changes nothing: the server's refusal stays.
            if ((payload ?? "") !== field.value) field.onChange(payload ?? "");
          }}
        />
      </Suspense>
      {fieldState.error ? (
        <p id={errorId} role="alert" className="min-h-5 text-sm text-error">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}
