import type { Device, Envelope } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

/** The devices signed in to my account: this one first, then by latest use. */
export async function getDevices(signal?: AbortSignal): Promise<Device[]> {
  const body = await apiClient.get<Envelope<Device[]>>("/account/sessions", { signal });
  return body.data;
}

export function devicesQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.devices,
    queryFn: ({ signal }) => getDevices(signal),
  });
}

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

/** Signs one other device out (its socket and community token end with it). */
export function useSignOutDevice() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; name: string }) => {
      try {
        await apiClient.delete(`/account/sessions/${encodeURIComponent(id)}`);
      } catch (error) {
        // Signed out already (it logged out, or expired): what the person asked for holds.
        if (error instanceof ApiError && error.status === 404) return;
        throw error;
      }
    },
    onSuccess: (_data, { name }) => showToast(t`${name} is signed out.`, { variant: "success" }),
    onError: (_error, { name }) => showToast(t`Couldn't sign out ${name}.`, { variant: "error" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}

/** Signs every other device out; this one stays. */
export function useSignOutOtherDevices() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete("/account/sessions"),
    onSuccess: () => showToast(t`Every other device is signed out.`, { variant: "success" }),
    onError: () => showToast(t`Couldn't sign out the other devices.`, { variant: "error" }),

    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices }),
  });
}
