import { PHOTO_ADDRESS_ERROR_CODES, PHOTO_ADDRESS_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import { avatarUrl, toCard, type UserRow } from "../users/user-view.ts";
import { fetchRemotePhoto, remotePhotoPolicy } from "./fetch-remote.ts";
import { storePhoto } from "./service.ts";

/**
 * Whether a photoUrl sent with a profile edit names what the person already shows: their photo (any
 * size) or their generated avatar, as a path or as an absolute address on this server. A form
 * that sends its fields back unchanged then changes nothing.
 */
export function isCurrentPhoto(row: UserRow, address: string, publicOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(address, publicOrigin);
  } catch {
    return false;
  }
  if (url.origin !== new URL(publicOrigin).origin || url.search || url.hash) return false;
  const card = toCard(row);
  const shown = card.photo ? Object.values(card.photo) : [avatarUrl(row.id)];
  return shown.includes(url.pathname);
}

/**
 * Copies the picture at a pasted address into the person's photo, as if they had uploaded it:
 * fetched once through the guarded fetch, then checked, cleaned and stored by the photo pipeline.
 * Throws a 400 PHOTO_UNREACHABLE or PHOTO_NOT_AN_IMAGE (nothing is changed then).
 */
export async function importPastedPhoto(
  app: FastifyInstance,
  userId: string,
  address: string,
): Promise<UserRow> {
  const settings = app.config.photoFetch;
  const bytes = await fetchRemotePhoto(address, {
    ...remotePhotoPolicy(settings?.allowPrivateAddresses ?? false),
    timeoutMs: settings?.timeoutMs,
  });
  try {
    return await storePhoto(app, userId, bytes);
  } catch (error) {
    // 401 (the account is gone) and 429 (photo work is full for now) keep their own answer.
    if (
      !(error instanceof HttpError) ||
      error.statusCode >= 500 ||
      error.statusCode === 401 ||
      error.statusCode === 429
    ) {
      throw error;
    }
    // Too many pixels has its own sentence; anything else the pipeline refuses is not a picture.
    const message =
      error.code === "PHOTO_TOO_MANY_PIXELS" ? error.message : PHOTO_ADDRESS_MESSAGES.notAnImage;
    throw new HttpError(400, PHOTO_ADDRESS_ERROR_CODES.notAnImage, message);
  }
}
