import type { DeleteAccountBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

/** Deletes the signed-in account for good; every session ends. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiClient.delete("/account", { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
