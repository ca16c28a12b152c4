import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { cn } from "@/lib/cn.ts";

export type ModalProps = {
  open: boolean;
  /** Called when the person closes it: Escape, the close button or a click outside. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside) and Escape closes it; focus goes back to where it was when it opened. The first
 * field gets focus on opening, so the close button comes last in the markup.
 */
export function Modal({ open, onClose, title, description, children, className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  function handleClose() {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
    if (open) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
    >
      <div className={cn("modal-box relative", className)}>
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-1 text-sm text-base-content/70">
            {description}
          </div>
        ) : null}
        <div className="mt-4">{children}</div>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label={t`Close`}
          onClick={() => dialogRef.current?.close()}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          <Trans>Close</Trans>
        </button>
      </form>
    </dialog>
  );
}
