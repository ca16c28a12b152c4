import type { FormEvent } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";

/**
 * Login and signup: with an empty email or password the toast 'Please enter
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
