import type { ReactNode } from "react";

type SubmitButtonProps = {
  pending: boolean;
  className?: string;
  children: ReactNode;
};

/** A form's submit button: disabled with a spinner while the call is under way. */
export function SubmitButton({ pending, className = "", children }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
