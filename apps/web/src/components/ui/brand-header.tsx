import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { OfflineBanner } from "@/components/ui/offline-banner.tsx";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";
import { paths } from "@/config/paths.ts";
import { SiteLink } from "@/lib/site-link.tsx";

export type BrandHeaderProps = {
  /** Links beside the brand (the signed-in sections on wide screens). */
  nav?: ReactNode;
  /** The right-hand side after the theme toggle: Login / Signup, the account menu... */
  actions?: ReactNode;
  /** `transparent` over a page's own background (landing top, login); `solid` by default. */
  variant?: "solid" | "transparent";
};

// Plain strings, not cn(): the landing page uses this header and stays free of tailwind-merge.
const VARIANT_CLASS = {
  solid: "border-base-300 bg-base-100/90 shadow-sm backdrop-blur",
  transparent: "border-transparent bg-transparent",
} as const;

/**
 * The top bar of every screen: the Kindred brand (a link to /), the theme toggle and actions, and
 * under them the offline banner while the browser has no network.
 */
export function BrandHeader({ nav, actions, variant = "solid" }: BrandHeaderProps) {
  return (
    <header
      className={`sticky top-0 z-40 border-b transition-colors duration-200 ${VARIANT_CLASS[variant]}`}
    >
      <nav
        aria-label={t`Main`}
        className="navbar mx-auto min-h-14 max-w-6xl gap-2 px-3 py-1 sm:px-4"
      >
        <div className="flex flex-1 items-center gap-6">
          <SiteLink to={paths.landing} className="text-xl font-bold tracking-tight text-primary">
            Kindred
          </SiteLink>
          {nav}
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {actions}
        </div>
      </nav>
      <OfflineBanner />
    </header>
  );
}
