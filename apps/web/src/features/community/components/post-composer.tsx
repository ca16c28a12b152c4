import type { PostBody } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { showToast } from "@/components/ui/toast.tsx";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError } from "@/lib/form.ts";
import { usePublishPost } from "../api/publish-post.ts";
import { readToken, tokenState } from "../lib/community-token.ts";
import { expiredOn } from "../lib/use-session-expiry.ts";
import { EMPTY_POST, PostFormModal, usePostForm } from "./post-form-modal.tsx";

type PostComposerProps = {
  open: boolean;
  token: string;
  onClose: () => void;
  /** No community session any more: the board asks the person to log in. */
  onNeedLogin: () => void;
  /** The community token was refused: the board ends the session. */
  onSessionExpired: () => void;
};

/**
 * 'Add Your Thought': the board's post form and what happens when it is sent. Loaded when first
 * opened (a form needs zod), and kept while the board is open so a draft survives closing it.
 */
export function PostComposer({
  open,
  token,
  onClose,
  onNeedLogin,
  onSessionExpired,
}: PostComposerProps) {
  const { t } = useLingui();
  const postForm = usePostForm();
  const publish = usePublishPost(token);

  function submitPost(values: PostBody) {
    const current = tokenState(readToken());
    if (current.kind !== "valid") {
      if (current.kind === "none") onNeedLogin();
      else onSessionExpired();
      return;
    }
    publish.mutate(
      { ...values, userId: current.claims.id },
      {
        onSuccess: () => {
          onClose();
          postForm.reset(EMPTY_POST);
          showToast(t`Your thought is posted.`, { variant: "success" });
        },
        onError: (error) => {
          if (expiredOn(error, onSessionExpired)) return;
          if (error instanceof ApiError && error.status === 0) {
            postForm.setError(SERVER_ERROR, {
              type: "server",
              message: COMMUNITY_MESSAGES.postConnectionError,
            });
            return;
          }
          if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
            return showServerError(postForm, error, COMMUNITY_MESSAGES.postFailed);
          }
          postForm.setError(SERVER_ERROR, {
            type: "server",
            message: COMMUNITY_MESSAGES.postFailed,
          });
        },
      },
    );
  }

  return (
    <PostFormModal
      open={open}
      onClose={onClose}
      form={postForm}
      pending={publish.isPending}
      onSubmit={submitPost}
    />
  );
}
