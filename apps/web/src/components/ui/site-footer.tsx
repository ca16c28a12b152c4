import type { ReactNode } from "react";
import { paths } from "@/config/paths.ts";
import { SiteLink } from "@/lib/site-link.tsx";

const LINKS = [
  { label: "About", to: paths.about },
  { label: "Services", to: paths.services },
  { label: "Blog", to: paths.blog },
  { label: "FAQ", to: paths.faq },
  { label: "Support", to: paths.support },
  { label: "Contact", to: paths.contact },
  { label: "Community", to: paths.community },
  { label: "Privacy", to: paths.privacy },
  { label: "Terms", to: paths.terms },
  { label: "Cookies", to: paths.cookies },
] as const;

/** The footer of every page; `children` (the landing page's newsletter box) sits above the links. */
export function SiteFooter({ children }: { children?: ReactNode }) {
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
            Meet people who share your interests and skills.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="link link-hover">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="pb-6 text-center text-xs text-base-content/60">
        © {new Date().getFullYear()} Kindred
      </p>
    </footer>
  );
}
