export type AvatarProps = {
  src?: string | null;
  name: string;
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
};

const SIZE_CLASS = { sm: "w-9", md: "w-12", lg: "w-20", xl: "w-32" } as const;

/** A round photo with the person's initial behind it while it loads or if it fails. */
export function Avatar({ src, name, size = "sm", className = "" }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  return (
    <div className={`avatar ${className}`}>
      <div
        className={`${SIZE_CLASS[size]} relative rounded-full bg-primary/15 ring-2 ring-base-100`}
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center font-semibold text-primary"
        >
          {initial}
        </span>
        {src ? <img src={src} alt={name} className="relative" /> : null}
      </div>
    </div>
  );
}
