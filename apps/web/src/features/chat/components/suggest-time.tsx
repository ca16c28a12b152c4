import { lazy, Suspense } from "react";
import type { SuggestTimeDialogProps } from "./suggest-time-dialog.tsx";

// The dialog (a form: zod, react-hook-form) loads when first opened, not with the chat.
const SuggestTimeDialog = lazy(async () => ({
  default: (await import("./suggest-time-dialog.tsx")).SuggestTimeDialog,
}));

/** "Suggest a time", loaded when it first opens; nothing while `open` is false. */
export function LazySuggestTimeDialog({
  open,
  ...props
}: SuggestTimeDialogProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SuggestTimeDialog {...props} />
    </Suspense>
  );
}
