import type { Envelope } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { apiClient } from "@/lib/api-client.ts";

export async function generatePublicUrl(): Promise<Envelope<{ url: string }>> {
  return apiClient.get<Envelope<{ url: string }>>("/generate_public_url");
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins have no async clipboard.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new CopyFailed();
}

/** The clipboard refused the link; the person is told in their language. */
class CopyFailed extends Error {}

/** Asks for the shareable link and puts it on the clipboard, telling the user how it went. */
export function useCopyProfileUrl(): () => Promise<void> {
  const { t } = useLingui();
  return useCallback(async () => {
    try {
      const response = await generatePublicUrl();
      if (response.status !== 1) throw new Error(response.message || MESSAGES.somethingWrong);
      await copyText(response.data.url);
      showToast(t`Profile URL copied`, { variant: "success" });
    } catch (error) {
      const message =
        error instanceof CopyFailed
          ? t`Could not copy the profile URL`
          : error instanceof Error && error.message
            ? error.message
            : MESSAGES.somethingWrong;
      showToast(message, { variant: "error" });
    }
  }, [t]);
}
