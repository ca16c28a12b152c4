import { CAMPUS_MESSAGES, type CampusEmail } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import {
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  type Reply,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  signedInReads,
} from "@/test/render.tsx";

const MIT = "Massachusetts Institute of Technology";
const pending: CampusEmail = {
  email: "ada@mit.edu",
  university: MIT,
  verified: false,
  codeExpiresAt: "2099-01-01T10:00:00.000Z",
};

type Routes = Record<string, (call: FetchCall) => Reply | undefined>;

let calls: FetchCall[];

/** The settings page's own reads, my university address as `campus`, and the test's answers. */
function serve(campus: CampusEmail | null, routes: Routes = {}) {
  calls = mockFetch((call) => {
    const own = routes[`${call.method} ${call.path}`];
    if (own) return own(call);
    if (call.method === "GET" && call.path === "/account/campus") return ok(campus);
    const signedIn = signedInReads(call);
    if (signedIn) return signedIn;
    if (call.path === "/user/blocked") return ok([]);
    return undefined;
  });
}

function fieldError(status: number, code: string, path: string, message: string): Reply {
  return { status, body: { status: 0, code, message, errors: [{ path, message }] } };
}

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

async function campusSection() {
  return screen.findByRole("region", { name: "University email" }, firstLoad);
}

const posts = (path: string) =>
  calls.filter((call) => call.method === "POST" && call.path === path);

describe("Settings: University email", () => {
  it("takes the address, then the mailed code, then shows the university with Remove", async () => {
    serve(null, {
      "POST /account/campus": (call) =>
        (call.body as { email: string }).email === "ada@gmail.com"
          ? fieldError(400, "NOT_ACADEMIC_EMAIL", "email", CAMPUS_MESSAGES.notAcademic)
          : ok(pending),
      "POST /account/campus/verify": (call) =>
        (call.body as { code: string }).code === "123456"
          ? ok({ ...sampleMe, campus: MIT })
          : fieldError(400, "INVALID_CODE", "code", CAMPUS_MESSAGES.wrongCode(4)),
      "DELETE /account/campus": () => ok({ ...sampleMe, campus: null }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderApp("/settings");
    const section = await campusSection();

    // An address of no university: the server's sentence under the field.
    const address = await within(section).findByLabelText("University email", {}, firstLoad);
    await user.type(address, "ada@gmail.com");
    await user.click(within(section).getByRole("button", { name: "Send a code" }));
    expect(await within(section).findByText(CAMPUS_MESSAGES.notAcademic)).toBeInTheDocument();
    expect(address).toHaveAttribute("aria-invalid", "true");

    await user.clear(address);
    await user.type(address, "Ada@MIT.edu");
    await user.click(within(section).getByRole("button", { name: "Send a code" }));
    expect(await within(section).findByText(/We sent a 6-digit code to/)).toHaveTextContent(
      `We sent a 6-digit code to ada@mit.edu. Once you enter it, your card shows ${MIT}.`,
    );
    expect(posts("/account/campus").at(-1)?.body).toEqual({ email: "ada@mit.edu" });

    // The code's rule applies before any call; the server's answer shows inline.
    const code = within(section).getByLabelText("Code from your university email");
    await user.type(code, "12");
    await user.click(within(section).getByRole("button", { name: "Verify" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("The code has 6 digits");
    expect(posts("/account/campus/verify")).toHaveLength(0);
    await user.clear(code);
    await user.type(code, "000000");
    await user.click(within(section).getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(within(section).getByRole("alert")).toHaveTextContent(CAMPUS_MESSAGES.wrongCode(4)),
    );

    await user.clear(code);
    await user.type(code, "123 456");
    await user.click(within(section).getByRole("button", { name: "Verify" }));
    expect(await within(section).findByText(`Verified: ${MIT}`)).toBeInTheDocument();
    expect(posts("/account/campus/verify").at(-1)?.body).toEqual({ code: "123456" });
    expect(queryClient.getQueryData(queryKeys.me)).toMatchObject({ campus: MIT });

    await user.click(within(section).getByRole("button", { name: "Remove" }));
    expect(await within(section).findByLabelText("University email", {}, firstLoad)).toHaveValue(
      "",
    );
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/account/campus")).toBe(
      true,
    );
    expect(queryClient.getQueryData(queryKeys.me)).toMatchObject({ campus: null });
  });

  it("shows a verified address as its university, the address only to me", async () => {
    serve({ ...pending, verified: true, codeExpiresAt: null });
    renderApp("/settings");
    const section = await campusSection();
    expect(await within(section).findByText(`Verified: ${MIT}`, {}, firstLoad)).toBeVisible();
    expect(within(section).getByText(/With ada@mit\.edu, which only you can see/)).toBeVisible();
    expect(within(section).getByRole("button", { name: "Remove" })).toBeEnabled();
  });

  it("sends a new code to the pending address, or takes another one", async () => {
    serve(pending, {
      "POST /account/campus": (call) => {
        const { email } = call.body as { email: string };
        return ok({ ...pending, email });
      },
    });
    const user = userEvent.setup();
    renderApp("/settings");
    const section = await campusSection();
    await user.click(
      await within(section).findByRole("button", { name: "Send a new code" }, firstLoad),
    );
    await waitFor(() => expect(posts("/account/campus")).toHaveLength(1));
    expect(posts("/account/campus")[0]?.body).toEqual({ email: "ada@mit.edu" });

    await user.click(within(section).getByRole("button", { name: "Use another address" }));
    await user.type(within(section).getByLabelText("University email"), "ada@cs.mit.edu");
    await user.click(within(section).getByRole("button", { name: "Send a code" }));
    expect(await within(section).findByText("ada@cs.mit.edu")).toBeInTheDocument();
  });

  it("says so in the form when the address is taken or codes were asked for too often", async () => {
    serve(null, {
      "POST /account/campus": (call) =>
        (call.body as { email: string }).email === "taken@mit.edu"
          ? failure(409, "CAMPUS_EMAIL_TAKEN", CAMPUS_MESSAGES.taken)
          : failure(429, "RATE_LIMITED", CAMPUS_MESSAGES.tooManyCodes(540)),
    });
    const user = userEvent.setup();
    renderApp("/settings");
    const section = await campusSection();
    const address = await within(section).findByLabelText("University email", {}, firstLoad);
    await user.type(address, "taken@mit.edu");
    await user.click(within(section).getByRole("button", { name: "Send a code" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(CAMPUS_MESSAGES.taken);
    await user.clear(address);
    await user.type(address, "ada@mit.edu");
    await user.click(within(section).getByRole("button", { name: "Send a code" }));
    await waitFor(() =>
      expect(within(section).getByRole("alert")).toHaveTextContent(
        CAMPUS_MESSAGES.tooManyCodes(540),
      ),
    );
  });
});
