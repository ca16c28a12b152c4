import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ClipboardList, Gavel, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";
import { useOpenCaseCount } from "../api/get-open-count.ts";

/** The moderation screens' frame: the heading and the tabs (Audit log for admins only). */
export function ModerationFrame({
  title,
  children,
}: {
  /** The document's title: "Moderation queue". */
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { data: me } = useMe();
  const { pathname } = useLocation();
  // The queue stays lit on a case's page, which sits under /moderation/cases.
  const inQueue = pathname === paths.moderation || pathname.startsWith("/moderation/cases/");
  const openCount = useOpenCaseCount(true).data ?? 0;
  const tabs = [
    { to: paths.moderation, label: "Queue", icon: Inbox, count: openCount, end: true },
    { to: paths.moderationAppeals, label: "Appeals", icon: Gavel, count: 0, end: true },
    ...(me?.role === "admin"
      ? [
          {
            to: paths.moderationAudit,
            label: t`Audit log`,
            icon: ClipboardList,
            count: 0,
            end: true,
          },
        ]
      : []),
  ];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-3 py-5 sm:px-4 sm:py-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Moderation</Trans>
        </h1>
        <nav aria-label={t`Moderation`} className="tabs tabs-box w-fit max-w-full flex-nowrap">
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  "tab gap-2 whitespace-nowrap",
                  (tab.to === paths.moderation ? inQueue : isActive) && "tab-active",
                )
              }
            >
              <tab.icon aria-hidden="true" className="size-4" />
              {tab.label}
              {tab.count > 0 ? (
                <span className="badge badge-secondary badge-sm">
                  {tab.count}
                  <span className="sr-only">
                    {" "}
                    <Trans>open</Trans>
                  </span>
                </span>
              ) : null}
            </NavLink>
          ))}
        </nav>
      </header>
      {children}
    </div>
  );
}
