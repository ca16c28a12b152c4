import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from "react";

/** Opens an address of the app: the router's navigate, or, on the first landing page, the app. */
export type SiteNavigate = (to: string) => void;

/**
 * How a SiteLink opens its address. The router provides it (app/route-title.tsx); the landing
 * page drawn before the router has loaded provides one that starts the app at the address
 * (app/landing-first.tsx). Without one, a link is a plain page load.
 */
export const SiteNavigation = createContext<SiteNavigate | undefined>(undefined);

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** A click the browser should handle itself: another tab or window, a download, a modifier key. */
function leftToTheBrowser(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== "_self")
  );
}

/**
 * A link to one of the app's own addresses for the pages anyone may open (the landing page, the
 * site header and footer). It needs no router, so the landing page can draw before the router
 * has loaded; a click then opens the address the way the page was drawn.
 */
export function SiteLink({ to, onClick, target, children, ...props }: SiteLinkProps) {
  const navigate = useContext(SiteNavigation);
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || leftToTheBrowser(event, target)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
