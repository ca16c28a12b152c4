import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  accountSettingsQueryOptions,
  browserTimeZone,
  saveAccountSettings,
  settingsSaved,
} from "../api/account-settings.ts";

/**
 * Tells the server the browser's time zone once, silently, when the signed-in person has none yet
 * (their daily picks come at 9:00 in it; UTC until then). A zone they chose is never replaced, and
 * a failure waits for the next visit. `userId`: whose settings; undefined waits.
 */
export function useBrowserTimeZone(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const tried = useRef<string>(undefined);
  useEffect(() => {
    if (!userId || tried.current === userId) return;
    tried.current = userId;
    const zone = browserTimeZone();
    if (!zone) return;
    void (async () => {
      const settings = await queryClient.fetchQuery(accountSettingsQueryOptions());
      if (settings.timeZone !== null) return;
      const change = { timeZone: zone };
      settingsSaved(queryClient, change, await saveAccountSettings(change));
    })().catch(() => {});
  }, [userId, queryClient]);
}
