import type { FeedAnswer } from "@kindred/shared";
import { LARGE_PHOTO_MEDIA } from "@/config/ui.ts";
import { whenEarlyBody } from "@/lib/early-reads.ts";
import { firstFeedPageUrl } from "./feed-address.ts";

/**
 * Discover's largest paint is the top card's photo. When the page read the feed early
 * (early-reads.ts), the photo is asked for as soon as that answer is in, beside the screen's
 * code, rather than once the card has rendered; the card's picture then finds it loaded.
 *
 * Only below LARGE_PHOTO_MEDIA, where the card's picture has one candidate (the card size) and
 * the browser is sure to pick that file; from a tablet's width up it chooses between the card
 * and the large size itself, on a connection that is seldom the bottleneck.
 */
export async function preloadFirstCardPhoto(): Promise<void> {
  const body = await whenEarlyBody<FeedAnswer>(firstFeedPageUrl());
  const photo = body?.data?.[0]?.photo;
  if (!photo || window.matchMedia?.(LARGE_PHOTO_MEDIA).matches !== false) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.setAttribute("as", "image");
  link.setAttribute("fetchpriority", "high");
  link.href = photo.card;
  document.head.append(link);
}
