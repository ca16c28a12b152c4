import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { LanguagePicker } from "@/components/ui/language-picker.tsx";
import { paths } from "@/config/paths.ts";
import { useLingui } from "@/i18n/runtime.tsx";
import { SiteLink } from "@/lib/site-link.tsx";

const LINKS = [
  { label: msg({ message: "About", context: "the site's About page" }), to: paths.about },
  { label: msg`Services`, to: paths.services },
  { label: msg`Blog`, to: paths.blog },
  { label: msg`FAQ`, to: paths.faq },
  { label: msg`Support`, to: paths.support },
  { label: msg`Contact`, to: paths.contact },
  { label: msg`Community`, to: paths.community },
  { label: msg`Privacy`, to: paths.privacy },
  { label: msg`Terms`, to: paths.terms },
  { label: msg`Cookies`, to: paths.cookies },
] as const;

/** The footer of every page; `children` (the landing page's newsletter box) sits above the links. */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const { _ } = useLingui();
  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      {children ? (
        <div className="mx-auto max-w-6xl border-b border-base-300 px-4 py-8">{children}</div>
      ) : null}
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <SiteLink to={paths.landing} className="text-lg font-bold text-primary">
            Kindred
          </SiteLink>
          <p className="text-sm text-base-content/70">
            <Trans>Meet people who share your interests and skills.</Trans>
          </p>
        </div>
        <nav aria-label={_(msg`Footer`)}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="link link-hover">
                  {_(link.label)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="flex flex-col items-center gap-3 pb-6">
        <LanguagePicker />
        <p className="text-center text-xs text-base-content/60">
          © {new Date().getFullYear()} Kindred
        </p>
      </div>
    </footer>
  );
}
