import { cn } from "@/lib/cn.ts";
import { Photo } from "./photo.tsx";

export type AvatarProps = {
  src?: string | null;
  name: string;
  /** Whose generated avatar to show when the photo does not load. */
  userId?: string;
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
};

const SIZE_CLASS = { sm: "w-9", md: "w-12", lg: "w-20", xl: "w-32" } as const;

/** A round photo with the person's initial behind it while it loads. */
export function Avatar({ src, name, userId, size = "sm", className }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
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
        {src ? <Photo src={src} userId={userId} alt={name} className="relative" /> : null}
      </div>
    </div>
  );
}
