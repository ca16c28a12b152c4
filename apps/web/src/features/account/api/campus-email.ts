import type { CampusEmail, CampusEmailBody, CampusVerifyBody, Envelope, Me } from "@kindred/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { accountKeys } from "../lib/account-keys.ts";

const CAMPUS_PATH = "/account/campus";

/** My university address, pending or verified; null when I have none. */
export async function getCampusEmail(signal?: AbortSignal): Promise<CampusEmail | null> {
  return (await apiClient.get<Envelope<CampusEmail | null>>(CAMPUS_PATH, { signal })).data;
}

export function campusEmailQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.campus,
    queryFn: ({ signal }) => getCampusEmail(signal),
  });
}

export function useCampusEmail() {
  return useQuery(campusEmailQueryOptions());
}

/** Mails a code to the address (rate-limited: a 429 says when to try again); it waits for it. */
export async function sendCampusCode(body: CampusEmailBody): Promise<CampusEmail> {
  return (await apiClient.post<Envelope<CampusEmail>>(CAMPUS_PATH, body)).data;
}

/** The mailed code: the university goes on my card; answers Me. */
export async function verifyCampusCode(body: CampusVerifyBody): Promise<Me> {
  return (await apiClient.post<Envelope<Me>>(`${CAMPUS_PATH}/verify`, body)).data;
}

/** Removes the address and the university from my card; answers Me. */
export async function removeCampusEmail(): Promise<Me> {
  return (await apiClient.delete<Envelope<Me>>(CAMPUS_PATH)).data;
}

export function useSendCampusCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampusCode,
    onSuccess: (campus) => queryClient.setQueryData(accountKeys.campus, campus),
  });
}

/** Verifying answers Me: the cache takes it, so every card of mine shows the university. */
export function useVerifyCampusCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCampusCode,
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      queryClient.setQueryData<CampusEmail | null>(accountKeys.campus, (campus) =>
        campus ? { ...campus, verified: true, codeExpiresAt: null } : campus,
      );
    },
  });
}

export function useRemoveCampusEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCampusEmail,
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      queryClient.setQueryData(accountKeys.campus, null);
    },
  });
}
