import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import type { AltchaHandle } from "@/components/ui/altcha-widget.tsx";

/** What the stand-in widget hands the forms as the solution. */
export const TEST_ALTCHA = "test-altcha-solution";

/**
 * jsdom is no secure context and runs no workers, so the real ALTCHA widget cannot solve there:
 * component tests get this stand-in, solved at once. The real one runs in the Playwright specs.
 */
export default function AltchaStub({
  ref,
  onPayload,
}: {
  ref?: Ref<AltchaHandle>;
  onPayload: (payload: string | undefined) => void;
}) {
  const report = useRef(onPayload);
  report.current = onPayload;
  useImperativeHandle(ref, () => ({
    reset: () => report.current(TEST_ALTCHA),
    solve: async () => TEST_ALTCHA,
  }));
  useEffect(() => {
    report.current(TEST_ALTCHA);
  }, []);
  return <input type="checkbox" aria-label="I'm not a robot" checked readOnly />;
}
