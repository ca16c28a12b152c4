import type { ChangePasswordBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

/** Changes the password; the server ends every other session of the account. */
export function changePassword(body: ChangePasswordBody) {
  return apiClient.put("/account/password", body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
