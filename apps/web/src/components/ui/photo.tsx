import { type ImgHTMLAttributes, useState } from "react";
import { env } from "@/config/env.ts";

/** The avatar the server draws for a person (initials on a colour), always available. */
export function generatedAvatarUrl(userId: string): string {
  return `${env.apiBaseUrl}/avatars/${encodeURIComponent(userId)}.svg`;
}

export type PhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  alt: string;
  /** Whose generated avatar replaces a photo that does not load. */
  userId?: string;
};

/**
 * A person's photo that falls back to their generated avatar when the address does not load,
 * instead of a broken image with its alt text.
 */
export function Photo({ src, userId, alt, ...imgProps }: PhotoProps) {
  const fallback = userId ? generatedAvatarUrl(userId) : undefined;
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === src;
  const shown = broken ? fallback : src;
  if (!shown) return null;
  return (
    <img
      {...imgProps}
      src={shown}
      alt={alt}
      onError={() => {
        if (!broken) setFailed(src);
      }}
    />
  );
}
