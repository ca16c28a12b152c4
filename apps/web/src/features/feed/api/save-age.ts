import type { Envelope, Me } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** Discover's age prompt: saves only the age, through the profile's edit call. */
export async function saveAge(age: number): Promise<Me> {
  const response = await apiClient.patch<Envelope<Me>>("/profile/edit", { age });
  return response.data;
}

/** Saves the age; the profile is updated in place and the feed asked again for its people. */
export function useSaveAge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAge,
    onSuccess: async (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      await queryClient.resetQueries({ queryKey: queryKeys.feed });
    },
  });
}
