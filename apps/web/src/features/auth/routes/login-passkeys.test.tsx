import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  startAuthentication: vi.fn(),
}));
vi.mock("@simplewebauthn/browser", () => browser);

const OPTIONS = { challenge: "c2lnbi1pbg", rpId: "localhost", allowCredentials: [] };
const ASSERTION = { id: "cred-1", rawId: "cred-1", type: "public-key", response: {} };

/** The server: sign-in options, then the answer to the assertion. */
function server(login: { status?: number; body: unknown }) {
  setXsrfCookie();
  return mockFetch((call) => {
    if (call.path === "/passkeys/login/options") {
      return { body: { status: 1, message: "Choose your passkey.", data: OPTIONS } };
    }
    if (call.path === "/passkeys/login") return login;
    return unauthenticated;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  browser.browserSupportsWebAuthnAutofill.mockReset().mockResolvedValue(false);
  browser.startAuthentication.mockReset();
});

describe("signing in with a passkey", () => {
  it("sends the browser's assertion to the server and opens Discover, with no password", async () => {
    const calls = server({ body: { status: 1, message: "Logged in", data: sampleMe } });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const user = userEvent.setup();
    const { router } = renderApp("/login");
    await user.click(
      await screen.findByRole("button", { name: "Sign in with a passkey" }, firstLoad),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstLoad);
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: false,
    });
    expect(calls.find((call) => call.path === "/passkeys/login")?.body).toEqual(ASSERTION);
    expect(calls.some((call) => call.path === "/login")).toBe(false);
  });

  it("shows the server's sentence for a passkey no account has, and stays", async () => {
    server({
      status: 401,
      body: {
        status: 0,
        code: "UNKNOWN_PASSKEY",
        message: "This passkey is not on any Kindred account. Sign in with your password.",
      },
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const user = userEvent.setup();
    const { router } = renderApp("/login");
    await user.click(
      await screen.findByRole("button", { name: "Sign in with a passkey" }, firstLoad),
    );
    expect(
      await screen.findByText(
        "This passkey is not on any Kindred account. Sign in with your password.",
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("says nothing when the browser's autofill request ends without a passkey", async () => {
    vi.stubGlobal("PublicKeyCredential", {});
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    // As headless Chromium answers when it has no authenticator at all.
    const refused = new Error("The user agent does not support this operation.");
    refused.name = "NotSupportedError";
    browser.startAuthentication.mockRejectedValue(refused);
    const calls = server({ body: {} });
    renderApp("/login");
    await waitFor(() =>
      expect(browser.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: OPTIONS,
        useBrowserAutofill: true,
      }),
    );
    // The email field offers the passkeys: the browser reads this hint.
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "username webauthn");
    // Every promise of the refusal settled: a macrotask runs after all of them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls.some((call) => call.path === "/passkeys/login")).toBe(false);
  });
});
