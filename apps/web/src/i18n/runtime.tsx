import { type I18n, i18n } from "@lingui/core";
import { TransNoContext } from "@lingui/react/server";
import { type ComponentProps, useMemo, useSyncExternalStore } from "react";

/**
 * What Lingui's macros compile to (lingui.config.ts `runtimeConfigModule`): the one message
 * store, a `Trans` and a `useLingui` that need no provider, so every screen and every component
 * test renders in the active language without a wrapper.
 *
 * English messages arrive already compiled from the build (vite/lingui-macros.ts), so the message
 * compiler stays out of the bundle: a plain string is its own compiled form.
 */
i18n.setMessagesCompiler((message: string) => [message]);
if (!i18n.locale) i18n.loadAndActivate({ locale: "en", messages: {} });
// A text shown in English because a catalogue lacks it is a defect (the check in `npm run lint`
// keeps catalogues complete); the browser tests fail on any console error.
i18n.on("missing", ({ locale, id }) => {
  if (locale !== "en") console.error(`Kindred: no ${locale} text for message ${id}`);
});

export { i18n };

function subscribe(onChange: () => void) {
  return i18n.on("change", onChange);
}

function activeLocale() {
  return i18n.locale;
}

/** The active language; a component that reads it draws again when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

export function useLingui(): { i18n: I18n; _: I18n["_"] } {
  const locale = useLocale();
  // A new function per language, so memoised values that use it are made again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale is the reason to rebind
  return useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [locale]);
}

type TransProps = ComponentProps<typeof TransNoContext>;

/**
 * Values in a message are often what people wrote: a text holding `<b>` must show as typed, not
 * be read as one of the message's own tags. Each text value is handed over as an element, which
 * Lingui puts in place after the message's tags are read.
 */
function asElements(values: TransProps["values"]): TransProps["values"] {
  if (!values) return values;
  const safe: NonNullable<TransProps["values"]> = {};
  for (const [key, value] of Object.entries(values)) {
    safe[key] = typeof value === "string" ? <>{value}</> : value;
  }
  return safe;
}

export function Trans(props: Omit<TransProps, "lingui">) {
  const lingui = useLingui();
  return (
    <TransNoContext {...(props as TransProps)} values={asElements(props.values)} lingui={lingui} />
  );
}
