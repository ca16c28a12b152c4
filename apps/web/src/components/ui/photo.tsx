import { PHOTO_SIZES, type PhotoSet } from "@kindred/shared";
import { type ImgHTMLAttributes, useState } from "react";
import { env } from "@/config/env.ts";
import { LARGE_PHOTO_MEDIA } from "@/config/ui.ts";

/**
 * Which of an upload's sizes fit a place: "avatar" (a small square or circle) takes the square
 * thumbnail or the card size; "card" (a card's picture) the card size, and the large one where
 * `limit` allows it. Candidates of one `srcset` keep one shape, as the browser assumes.
 */
export type PhotoFit = "avatar" | "card";
/** The largest size a place may ask for. */
export type PhotoLimit = "card" | "large";

/** The avatar the server draws for a person (initials on a colour), always available. */
export function generatedAvatarUrl(userId: string): string {
  return `${env.apiBaseUrl}/avatars/${encodeURIComponent(userId)}.svg`;
}

/** `srcset` of the sizes that fit, each with its width, so the browser picks by `sizes`. */
export function photoSrcSet(photo: PhotoSet, fit: PhotoFit, limit: PhotoLimit = "card"): string {
  const candidates =
    fit === "avatar"
      ? [`${photo.thumb} ${PHOTO_SIZES.thumb.width}w`, `${photo.card} ${PHOTO_SIZES.card.width}w`]
      : [`${photo.card} ${PHOTO_SIZES.card.width}w`];
  if (fit === "card" && limit === "large") {
    candidates.push(`${photo.large} ${PHOTO_SIZES.large.width}w`);
  }
  return candidates.join(", ");
}

export type PhotoProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  "src" | "srcSet" | "sizes" | "onError"
> & {
  /** The address to show when there is no upload: a generated avatar (or a draft's preview). */
  src: string;
  alt: string;
  /** The uploaded photo's sizes; with them the browser picks the smallest that is sharp. */
  photo?: PhotoSet | null;
  fit?: PhotoFit;
  /** How wide the photo is drawn, as the `sizes` attribute says it (e.g. "48px"). */
  sizes?: string;
  /**
   * "large" offers the large size, but only to screens at least as wide as a tablet (a
   * `<source media>`), so a phone never downloads it; elsewhere the card size is the most. In
   * one `srcset` with honest `sizes`, a 3x phone (about 1,070 px for its card) would pick the
   * large file; it gets the 480 px card size instead, slightly soft on the sharpest screens.
   */
  limit?: PhotoLimit;
  /** Whose generated avatar replaces a photo that does not load. */
  userId?: string;
};

/**
 * A person's photo: an upload in the size the place needs, or the generated avatar. Falls back
 * to the generated avatar when the address does not load, instead of a broken image.
 */
export function Photo({
  src,
  photo,
  fit = "card",
  sizes,
  limit = "card",
  userId,
  alt,
  loading = "lazy",
  decoding = "async",
  ...imgProps
}: PhotoProps) {
  const fallback = userId ? generatedAvatarUrl(userId) : undefined;
  const [failed, setFailed] = useState<string | null>(null);
  const key = photo ? photo.card : src;
  const broken = failed === key;
  const upload = broken ? null : (photo ?? null);
  const shown = broken ? fallback : upload ? upload.card : src;
  if (!shown) return null;
  // The intrinsic size reserves the box's shape before the file arrives.
  const intrinsic = fit === "avatar" ? PHOTO_SIZES.thumb : PHOTO_SIZES.card;
  const image = (
    <img
      width={upload ? intrinsic.width : undefined}
      height={upload ? intrinsic.height : undefined}
      {...imgProps}
      src={shown}
      srcSet={upload ? photoSrcSet(upload, fit) : undefined}
      sizes={upload ? sizes : undefined}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => {
        if (!broken) setFailed(key);
      }}
    />
  );
  if (!upload || fit !== "card" || limit !== "large") return image;
  return (
    <picture className="contents">
      <source
        media={LARGE_PHOTO_MEDIA}
        srcSet={photoSrcSet(upload, "card", "large")}
        sizes={sizes}
      />
      {image}
    </picture>
  );
}
