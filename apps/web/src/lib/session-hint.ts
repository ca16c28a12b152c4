const KEY = "kindred.signed-in";

/**
 * Whether this browser was signed in the last time it asked. Pages that anyone may open
 * (landing, about, public profile, login) ask the server about the session only when it
 * says so: a visitor's page then makes no call that fails with 401.
 */
export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, "1");
    else window.localStorage.removeItem(KEY);
  } catch {
    // Without storage every open page simply asks the server.
  }
}
