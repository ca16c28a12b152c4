import { fullDateTime, relativeTime } from "@/lib/relative-time.ts";

/** "Added 3 days ago", with the full date and time on hover. */
export function When({ label, iso }: { label: string; iso: string }) {
  return (
    <span>
      {label}{" "}
      <time dateTime={iso} title={fullDateTime(iso)}>
        {relativeTime(iso)}
      </time>
    </span>
  );
}
