import { ApiError } from "@/lib/api-client.ts";

/**
 * A 401 that is about the password typed, not about the session: the session's end is
 * `UNAUTHENTICATED`; anything else (the server's `INVALID_CREDENTIALS`) is the password.
 */
export function isWrongPassword(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.code !== "UNAUTHENTICATED";
}
