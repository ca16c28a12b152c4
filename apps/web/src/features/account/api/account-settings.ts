import { type AccountSettings, type Envelope, TIME_ZONES } from "@kindred/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

export async function getAccountSettings(signal?: AbortSignal): Promise<AccountSettings> {
  const body = await apiClient.get<Envelope<AccountSettings>>("/account/settings", { signal });
  return body.data;
}

export async function saveAccountSettings(
  change: Partial<AccountSettings>,
): Promise<AccountSettings> {
  const body = await apiClient.put<Envelope<AccountSettings>>("/account/settings", change);
  return body.data;
}

export function accountSettingsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.settings,
    queryFn: ({ signal }) => getAccountSettings(signal),
  });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}

/** Keeps the saved settings; a new time zone makes another day's picks today's. */
export function settingsSaved(
  queryClient: QueryClient,
  change: Partial<AccountSettings>,
  saved: AccountSettings,
): void {
  queryClient.setQueryData(accountKeys.settings, saved);
  if (change.timeZone !== undefined) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.picks });
  }
}

/** The browser's time zone when the server can take it (one of TIME_ZONES), else undefined. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && TIME_ZONES.includes(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
