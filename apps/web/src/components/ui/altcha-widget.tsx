// The ALTCHA widget, loaded only by forms that ask for the bot check. The "external" build keeps
// its styles in a stylesheet and its solver in a worker file of this origin, so the server's
// Content-Security-Policy (scripts, styles and workers from 'self') needs no exception.
import "altcha/external";
import "altcha/altcha.css";
import { BOT_CHECK_MESSAGES } from "@kindred/shared";
import ShaWorker from "altcha/workers/sha?worker";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";

for (const algorithm of ["SHA-256", "SHA-384", "SHA-512"]) {
  if (!globalThis.$altcha.algorithms.has(algorithm)) {
    globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
  }
}

export type AltchaHandle = {
  reset: () => void;
  /** The solution, solving it now if the widget has not yet (a form sent at once). */
  solve: () => Promise<string | undefined>;
};

type WidgetElement = HTMLElement & {
  reset?: () => void;
  verify?: () => Promise<{ payload: string } | null>;
};

type StateChange = CustomEvent<{ payload?: string | null; state: string }>;

export default function AltchaWidget({
  ref,
  challengeUrl,
  onPayload,
}: {
  ref?: Ref<AltchaHandle>;
  challengeUrl: string;
  /** The solution once solved; undefined while unsolved, expired or failed. */
  onPayload: (payload: string | undefined) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetElement>(null);
  const solved = useRef<string | undefined>(undefined);
  const onPayloadRef = useRef(onPayload);
  onPayloadRef.current = onPayload;

  useImperativeHandle(ref, () => ({
    reset: () => {
      solved.current = undefined;
      onPayloadRef.current(undefined);
      widget.current?.reset?.();
    },
    solve: async () => {
      if (solved.current) return solved.current;
      const result = await widget.current?.verify?.();
      return result?.payload ?? solved.current;
    },
  }));

  useEffect(() => {
    const element = document.createElement("altcha-widget");
    element.setAttribute("challenge", challengeUrl);
    // Solving starts when the person first focuses the form, so it is done by the time they send it.
    element.setAttribute("auto", "onfocus");
    element.setAttribute("name", "altcha");
    element.setAttribute(
      "configuration",
      JSON.stringify({
        hideLogo: true,
        hideFooter: true,
        strings: { label: BOT_CHECK_MESSAGES.label },
      }),
    );
    const listener = (event: Event) => {
      const { payload, state } = (event as StateChange).detail;
      solved.current = state === "verified" && payload ? payload : undefined;
      onPayloadRef.current(solved.current);
    };
    element.addEventListener("statechange", listener);
    holder.current?.append(element);
    widget.current = element;
    return () => {
      element.removeEventListener("statechange", listener);
      element.remove();
      widget.current = null;
    };
  }, [challengeUrl]);

  return <div ref={holder} />;
}
