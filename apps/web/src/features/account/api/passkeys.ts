import type { Envelope, Passkey } from "@kindred/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return (await apiClient.get<Envelope<Passkey[]>>("/passkeys", { signal })).data;
}

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.passkeys,
    queryFn: ({ signal }) => getPasskeys(signal),
  });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/**
 * Adds a passkey: the password, then the browser makes the key (the WebAuthn library loads only
 * now, so Settings stays light), then the server keeps it.
 */
export async function addPasskey(password: string): Promise<Pick<Passkey, "_id" | "name">> {
  const options = await apiClient.post<Envelope<Record<string, unknown>>>(
    "/passkeys/registration/options",
    { password },
  );
  const { startRegistration } = await import("@simplewebauthn/browser");
  const attestation = await startRegistration({
    optionsJSON: options.data as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"],
  });
  const saved = await apiClient.post<Envelope<Pick<Passkey, "_id" | "name">>>(
    "/passkeys/registration",
    attestation,
  );
  return saved.data;
}

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: accountKeys.passkeys });
}

export function useAddPasskey() {
  return useMutation({ mutationFn: addPasskey, onSettled: useRefreshPasskeys() });
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiClient.patch(`/passkeys/${encodeURIComponent(id)}`, { name }),
    onSettled: useRefreshPasskeys(),
  });
}

export function useRemovePasskey() {
  return useMutation({
    mutationFn: ({ id }: { id: string }) => apiClient.delete(`/passkeys/${encodeURIComponent(id)}`),
    onSettled: useRefreshPasskeys(),
  });
}
