import type { PhotoSet } from "@kindred/shared";
import { cn } from "@/lib/cn.ts";
import { Photo } from "./photo.tsx";

export type AvatarProps = {
  src?: string | null;
  /** The uploaded photo's sizes; an avatar asks for the thumbnail (or the card size when big). */
  photo?: PhotoSet | null;
  name: string;
  /** Whose generated avatar to show when the photo does not load. */
  userId?: string;
  size?: "sm" | "md" | "lg" | "xl";
  /** "eager" for an avatar at the top of the screen; lists load theirs as they come near. */
  loading?: "lazy" | "eager";
  className?: string;
};

const SIZE_CLASS = { sm: "w-9", md: "w-12", lg: "w-20", xl: "w-32" } as const;
const SIZE_PX = { sm: 36, md: 48, lg: 80, xl: 128 } as const;

/** A round photo with the person's initial behind it while it loads. */
export function Avatar({
  src,
  photo,
  name,
  userId,
  size = "sm",
  loading = "lazy",
  className,
}: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  const shown = photo?.card ?? src;
  return (
    <div className={cn("avatar", className)}>
      <div
        className={cn(SIZE_CLASS[size], "relative rounded-full bg-primary/15 ring-2 ring-base-100")}
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center font-semibold text-primary"
        >
          {initial}
        </span>
        {shown ? (
          <Photo
            src={shown}
            photo={photo}
            fit="avatar"
            sizes={`${SIZE_PX[size]}px`}
            userId={userId}
            alt={name}
            loading={loading}
            className="relative"
          />
        ) : null}
      </div>
    </div>
  );
}
