import type { Role } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

/** Makes a person a member, a moderator or an admin (admins only). */
export function setRole(userId: string, role: Role) {
  return apiClient.put(`/moderation/roles/${encodeURIComponent(userId)}`, { role });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setRole(userId, role),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
