import type { Envelope, Me, ProfileEditBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function editProfile(body: ProfileEditBody): Promise<Me> {
  const response = await apiClient.patch<Envelope<Me>>("/profile/edit", body);
  return response.data;
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (me, body) => {
      queryClient.setQueryData(queryKeys.me, me);
      // Discover ranks and words its cards by what one knows and wants to learn.
      if (body.skills || body.learning) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      }
    },
  });
}
