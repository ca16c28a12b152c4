import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { AccountNotices } from "@/components/account/account-notices.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { CommunityHeader } from "./community-header.tsx";

type CommunityFrameProps = {
  /** The member's name from the token. */
  memberName: string;
  /** Leaves the community (drops the token); the frame says so. */
  leave: () => void;
  /** The main column's width class. */
  width?: string;
  children: ReactNode;
};

/** The one frame of the community's member screens: its header and links, then the page. */
export function CommunityFrame({
  memberName,
  leave,
  width = "max-w-6xl",
  children,
}: CommunityFrameProps) {
  // Signed in, the app's frame is around this one (app/layouts/community-layout.tsx).
  const { data: me } = useMe();
  const { t } = useLingui();
  return (
    <div className={cn("flex flex-col bg-base-200", me ? "min-h-full" : "min-h-screen")}>
      <CommunityHeader
        memberName={memberName}
        onLeave={() => {
          leave();
          showToast(t`You left the community.`, { variant: "info" });
        }}
      />
      {me ? null : <AccountNotices />}
      <main className={cn("mx-auto w-full flex-1 px-4 py-8 sm:py-10", width)}>{children}</main>
    </div>
  );
}
