import type { Envelope, Me, PhotoCrop } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";
import { queryKeys } from "./query-client.ts";

export type PhotoUpload = {
  /** The file as the person chose it: the server turns it upright and makes the sizes. */
  file: File;
  /** The area to keep, in pixels of the upright picture; absent: the whole picture. */
  crop?: PhotoCrop | null;
};

/** POST /api/profile/photo: the original file and the crop, as multipart form data. */
export async function uploadPhoto({ file, crop }: PhotoUpload): Promise<Me> {
  const form = new FormData();
  // The crop goes first, so the server knows it before the file's bytes stream in.
  if (crop) form.append("crop", JSON.stringify(crop));
  form.append("photo", file, file.name);
  const response = await apiClient.post<Envelope<Me>>("/profile/photo", form);
  return response.data;
}

/** DELETE /api/profile/photo: back to the generated avatar. */
export async function removePhoto(): Promise<Me> {
  const response = await apiClient.delete<Envelope<Me>>("/profile/photo");
  return response.data;
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePhoto,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
