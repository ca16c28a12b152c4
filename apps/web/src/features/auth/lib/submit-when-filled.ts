import { MESSAGES } from "@kindred/shared";
import type { FormEvent } from "react";
import { showToast } from "@/components/ui/toast.tsx";

/**
 * Login and signup (spec section 5): with an empty email or password the toast 'Please enter
 * all details' shows and nothing else happens; otherwise the form's own submit runs.
 */
export function submitWhenFilled(
  credentials: () => { emailId?: string; password?: string },
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const { emailId = "", password = "" } = credentials();
    if (!emailId.trim() || !password) {
      event.preventDefault();
      showToast(MESSAGES.enterAllDetails, { variant: "error" });
      return;
    }
    void submit(event);
  };
}
