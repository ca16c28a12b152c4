import { Trans, useLingui } from "@lingui/react/macro";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, Flag, ShieldBan, Trash2, UserMinus } from "lucide-react";
import { cn } from "@/lib/cn.ts";
import type { SafetyAction } from "./safety-dialogs.tsx";

const ITEM_CLASS =
  "flex w-full cursor-pointer items-center gap-3 rounded-field px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-base-200 data-[highlighted]:ring-2 data-[highlighted]:ring-primary";

/** The conversation header's menu on small screens, where the contact panel is hidden. */
export function SafetyMenu({
  name,
  onAction,
  accountDeleted = false,
  className,
}: {
  name: string;
  onAction: (action: SafetyAction) => void;
  /** A conversation kept after the other person deleted their account: only Delete is offered. */
  accountDeleted?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t`More actions for ${name}`}
        className={cn("btn btn-ghost btn-circle btn-sm", className)}
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-56 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-xl"
        >
          {accountDeleted ? (
            <DropdownMenu.Item
              className={cn(ITEM_CLASS, "text-error")}
              onSelect={() => onAction("delete")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <Trans>Delete conversation</Trans>
            </DropdownMenu.Item>
          ) : (
            <>
              <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onAction("remove")}>
                <UserMinus aria-hidden="true" className="size-4" />
                <Trans>Remove connection</Trans>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onAction("report")}>
                <Flag aria-hidden="true" className="size-4" />
                <Trans>Report</Trans>
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={cn(ITEM_CLASS, "text-error")}
                onSelect={() => onAction("block")}
              >
                <ShieldBan aria-hidden="true" className="size-4" />
                <Trans>Block</Trans>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
