import { Trans, useLingui } from "@lingui/react/macro";
import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { fullName } from "@/components/ui/user-card.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { useConversations } from "../api/get-conversations.ts";
import { useForgetBlocked } from "../api/safety-actions.ts";
import { ContactPanel } from "../components/contact-panel.tsx";
import { ConversationList } from "../components/conversation-list.tsx";
import type { SafetyAction } from "../components/safety-dialogs.tsx";

// The open conversation (its header's Radix menu) and the safety dialogs (forms, zod) load apart:
// the list of conversations, the screen's first paint, does not wait for them.
import { CHAT_COPY } from "../lib/chat-copy.ts";

const loadConversationView = () => import("../components/conversation-view.tsx");
const ConversationView = lazy(async () => ({
  default: (await loadConversationView()).ConversationView,
}));
const SafetyDialogs = lazy(async () => ({
  default: (await import("../components/safety-dialogs.tsx")).SafetyDialogs,
}));

function ConversationLoading() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Loading...</Trans>
      </span>
    </div>
  );
}

/**
 * /chat and /chat/:userId: the conversation list, the open conversation and, from lg up, the
 * contact panel. On a phone the list and the conversation are two screens.
 */
export function ChatPage() {
  const { i18n } = useLingui();
  const { userId } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const conversations = useConversations();
  const forgetBlocked = useForgetBlocked();
  // Kept apart from the open conversation: a block removes it while its dialog finishes.
  const [target, setTarget] = useState<{ action: SafetyAction; userId: string; name: string }>();
  const open = conversations.data?.find((row) => row.user._id === userId?.toLowerCase());
  // A link straight to a conversation fetches its code beside the list, not after it.
  if (userId) void loadConversationView();
  const startAction = (action: SafetyAction) =>
    open && setTarget({ action, userId: open.user._id, name: fullName(open.user) });

  if (!me) return null;
  // A conversation that is not (or no longer) there: a removal, a block, a stranger's id.
  if (userId && conversations.isSuccess && !open && !target) {
    return <Navigate to={paths.chat} replace />;
  }

  return (
    // The same width as the header's and the footer's content, so the panel's edges line up.
    <div className="mx-auto max-w-6xl md:px-4">
      <div className="flex h-[calc(100dvh-8rem)] overflow-hidden border-base-300 bg-base-100 md:my-4 md:h-[calc(100dvh-6rem)] md:rounded-box md:border md:shadow-sm">
        <ConversationList
          conversations={conversations.data}
          isPending={conversations.isPending}
          activeId={open?.user._id}
          meId={me._id}
          className={cn("w-full md:w-80 md:shrink-0", userId ? "hidden md:flex" : "flex")}
        />
        {open ? (
          <>
            <Suspense fallback={<ConversationLoading />}>
              <ConversationView
                key={open.user._id}
                conversation={open}
                meId={me._id}
                onAction={startAction}
                onBlocked={() => {
                  forgetBlocked(open.user._id);
                  navigate(paths.chat, { replace: true });
                }}
                className="flex"
              />
            </Suspense>
            <ContactPanel conversation={open} onAction={startAction} />
          </>
        ) : (
          <div className="hidden flex-1 flex-col items-center justify-center gap-3 bg-base-200 text-base-content/70 md:flex">
            <MessageCircle aria-hidden="true" className="size-10" />
            <p>{i18n._(CHAT_COPY.pickConversation)}</p>
          </div>
        )}
        {target ? (
          <Suspense fallback={null}>
            <SafetyDialogs
              action={target.action}
              userId={target.userId}
              name={target.name}
              onClose={() => setTarget(undefined)}
              onEnded={() => navigate(paths.chat, { replace: true })}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
