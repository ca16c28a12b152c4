import { Trash2 } from "lucide-react";

type DeleteItemButtonProps = {
  /** What it deletes, for screen readers: "Delete your post …". */
  label: string;
  onClick: () => void;
  pending?: boolean;
};

/**
 * The trash button on a member's own post, group or event; a spinner while it goes. Its negative
 * margin keeps it from making the row it sits in taller than a line of title.
 */
export function DeleteItemButton({ label, onClick, pending = false }: DeleteItemButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-square -my-1 shrink-0 text-base-content/60 hover:text-error"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={pending}
    >
      {pending ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <Trash2 aria-hidden="true" className="size-4" />
      )}
    </button>
  );
}
