import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { NavLink, Outlet, ScrollRestoration } from "react-router";
import { AccountNotices } from "@/components/account/account-notices.tsx";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { NotificationBell } from "@/components/ui/notification-bell.tsx";
import { ScrollToTop } from "@/components/ui/scroll-to-top.tsx";
import { SiteFooter } from "@/components/ui/site-footer.tsx";
import { paths } from "@/config/paths.ts";
import { useBrowserTimeZone } from "@/features/account/lib/use-browser-time-zone.ts";
import { useChatSocket } from "@/features/chat/lib/use-chat-socket.ts";
import { useUnreadInTitle } from "@/features/chat/lib/use-unread-in-title.ts";
import { SearchStandIn } from "@/features/search/components/search-stand-in.tsx";
import { useLingui } from "@/i18n/runtime.tsx";
import { useScreenSettled } from "@/lib/after-screen-settled.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { optionalModule } from "@/lib/optional-module.ts";
import { useUnreadCounts } from "@/lib/unread-counts.ts";
import { AccountActions } from "./account-actions.tsx";
import { PhoneTabBar, SECTION_LINKS, spokenBadgeWords } from "./phone-tab-bar.tsx";

const searchModule = optionalModule(() => import("@/features/search/components/search-box.tsx"));

/**
 * The top bar's search: a stand-in of the same size (a link to the search page) until the search
 * box's code has loaded, once the first screen has settled. Offline, the stand-in stays and the
 * code is asked for again when the connection is back.
 */
function SearchSlot({ settled }: { settled: boolean }) {
  const [search, setSearch] = useState(searchModule.current);
  useEffect(() => {
    if (!settled || search) return;
    let mounted = true;
    const load = () => {
      void searchModule.load().then((loaded) => {
        if (mounted && loaded) setSearch(loaded);
      });
    };
    load();
    window.addEventListener("online", load);
    return () => {
      mounted = false;
      window.removeEventListener("online", load);
    };
  }, [settled, search]);
  return search ? <search.SearchEntry /> : <SearchStandIn />;
}

/**
 * The shared layout: top bar, content and footer. Which screens need a session is decided by
 * the router (RequireAuth), not here.
 */
export function MainLayout() {
  const { data: me } = useMe();
  // The badges come from one live entry the socket keeps up to date.
  // The badges and the search box wait for the first screen: it does not show them.
  const settled = useScreenSettled();
  const unread = useUnreadCounts(Boolean(me) && settled);
  useChatSocket(me?._id);
  useBrowserTimeZone(me && settled ? me._id : undefined);
  useUnreadInTitle(unread.messages);
  const { _ } = useLingui();
  const counts: Partial<Record<string, number>> = {
    [paths.requests]: unread.requests,
    [paths.chat]: unread.messages,
    [paths.notifications]: unread.notifications,
  };

  return (
    <div className={cn("flex min-h-screen flex-col bg-base-200", me && "pb-16 md:pb-0")}>
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <BrandHeader
        nav={
          me ? (
            <ul className="hidden items-center gap-1 md:flex">
              {SECTION_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      cn("btn btn-ghost btn-sm", isActive && "btn-active")
                    }
                  >
                    {_(link.label)}
                    {(counts[link.to] ?? 0) > 0 ? (
                      <span className="badge badge-secondary badge-sm">
                        {counts[link.to]}
                        <span className="sr-only"> {spokenBadgeWords(link.to, _)}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null
        }
        actions={
          <>
            {me ? (
              <>
                <SearchSlot settled={settled} />
                <NotificationBell unread={unread.notifications} className="hidden md:inline-flex" />
              </>
            ) : null}
            <AccountActions />
          </>
        }
      />
      <AccountNotices />
      {/* A screen's height is not known before its data; the footer starts below the fold so
          nothing moves when it arrives. */}
      <main id="main" className="min-h-dvh flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToTop className={cn(me && "bottom-20 md:bottom-5")} />
      {me ? <PhoneTabBar counts={counts} /> : null}
      <ScrollRestoration />
    </div>
  );
}
