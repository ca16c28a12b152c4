import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { TEST_ALTCHA } from "@/test/altcha-stub.tsx";
import { type FetchCall, firstLoad, mockFetch, renderApp, setXsrfCookie } from "@/test/render.tsx";

const ok = (message: string) => ({ status: 200, body: { status: 1, message } });
const invalidCode = {
  status: 400,
  body: { status: 0, code: "INVALID_CODE", message: MESSAGES.invalidCode },
};

type Answers = Partial<Record<string, (call: FetchCall) => { status?: number; body?: unknown }>>;

function server(answers: Answers) {
  setXsrfCookie();
  return mockFetch((call) => answers[call.path]?.(call));
}

/** Goes from /forget-password to /verify-code for ada@example.com. */
async function reachVerify(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Email", {}, firstLoad), "Ada@Example.com");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  await screen.findByLabelText("Digit 1 of 6", {}, firstLoad);
}

describe("password recovery screens", () => {
  it("shows 'Invalid email address' under the field and sends nothing", async () => {
    const calls = server({});
    const user = userEvent.setup();
    renderApp("/forget-password");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/login");
  });

  it("asks to come in sequence when the code or password screen is opened directly", async () => {
    server({});
    renderApp("/verify-code");
    expect(await screen.findByText(MESSAGES.sequenceProcess, {}, firstLoad)).toBeInTheDocument();
    expect(screen.queryByLabelText("Digit 1 of 6")).not.toBeInTheDocument();
  });

  it("passes the email on, says 'Enter full OTP' for a short code and stays on a wrong one", async () => {
    const calls = server({
      "/forgot_password": () => ok("If an account uses this email, we have sent it a code."),
      "/verify_OTP": () => invalidCode,
    });
    const user = userEvent.setup();
    const { router } = renderApp("/forget-password");
    await reachVerify(user);
    expect(calls.find((call) => call.path === "/forgot_password")?.body).toEqual({
      emailId: "ada@example.com",
      altcha: TEST_ALTCHA,
      website: "",
    });
    expect(screen.getByText(/mailed to ada@example\.com/)).toBeInTheDocument();

    await user.keyboard("123");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MESSAGES.enterFullOtp)).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/verify_OTP")).toBe(false);

    await user.click(screen.getByLabelText("Digit 4 of 6"));
    await user.keyboard("456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.invalidCode);
    expect(calls.find((call) => call.path === "/verify_OTP")?.body).toEqual({
      emailId: "ada@example.com",
      otp: "123456",
    });
    expect(router.state.location.pathname).toBe("/verify-code");
    expect(screen.getByLabelText("Digit 1 of 6")).toHaveValue("");
  });

  it("verifies, then refuses different entries and sets the password, ending on /login", async () => {
    const calls = server({
      "/forgot_password": () => ok("sent"),
      "/verify_OTP": () => ok("Code verified. Choose a new password."),
      "/update_password": () =>
        ok("Your password has been changed. Log in with your new password."),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/forget-password");
    await reachVerify(user);
    await user.paste("654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    const password = await screen.findByLabelText("New password", {}, firstLoad);
    await user.type(password, "a long new password");
    await user.type(screen.getByLabelText("Re-enter new password"), "a long new passwort");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/update_password")).toBe(false);

    await user.clear(screen.getByLabelText("Re-enter new password"));
    await user.type(screen.getByLabelText("Re-enter new password"), "a long new password");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.find((call) => call.path === "/update_password")).toMatchObject({
      method: "PUT",
      body: { emailId: "ada@example.com", password: "a long new password" },
    });
    expect(
      await screen.findByText("Your password has been changed. Log in with your new password."),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the answer's status is not 1", async () => {
    server({
      "/forgot_password": () => ({ status: 200, body: { status: 0, message: "Not now" } }),
    });
    const user = userEvent.setup();
    renderApp("/forget-password");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Not now");
  });
});
