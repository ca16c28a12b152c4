import type { AccountSettings } from "@kindred/shared";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { createTestQueryClient, wrapperFor } from "@/test/query-client.tsx";
import { type FetchCall, mockFetch, ok, setXsrfCookie } from "@/test/render.tsx";
import { accountKeys } from "./account-keys.ts";
import { useBrowserTimeZone } from "./use-browser-time-zone.ts";

/** The browser says it is in `zone`. */
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone };
  });
}

let calls: FetchCall[];
/** The account's settings as the server keeps them; a PUT changes them. */
function serveSettings(stored: AccountSettings) {
  calls = mockFetch((call) => {
    if (call.path !== "/account/settings") return undefined;
    if (call.method === "PUT") Object.assign(stored, call.body);
    return ok({ ...stored });
  });
}

const puts = () => calls.filter((call) => call.method === "PUT");

function renderForUser(userId: string | undefined) {
  const queryClient = createTestQueryClient();
  const view = renderHook(({ id }) => useBrowserTimeZone(id), {
    initialProps: { id: userId },
    wrapper: wrapperFor(queryClient),
  });
  return { ...view, queryClient };
}

beforeEach(() => setXsrfCookie());

describe("useBrowserTimeZone", () => {
  it("sets the browser's time zone once when the person has none yet", async () => {
    browserIn("Europe/Madrid");
    serveSettings({ readReceipts: true, timeZone: null, locale: null });
    const { rerender, queryClient } = renderForUser("u-1");
    // The picks of another day may be today's now: they are read again.
    queryClient.setQueryData(queryKeys.picks, []);

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ timeZone: "Europe/Madrid" });
    await waitFor(() =>
      expect(queryClient.getQueryData(accountKeys.settings)).toEqual({
        readReceipts: true,
        timeZone: "Europe/Madrid",
        locale: null,
      }),
    );
    expect(queryClient.getQueryState(queryKeys.picks)?.isInvalidated).toBe(true);

    rerender({ id: "u-1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.method)).toEqual(["GET", "PUT"]);
  });

  it("leaves a time zone the person has alone", async () => {
    browserIn("Europe/Madrid");
    serveSettings({ readReceipts: true, timeZone: "America/Chicago", locale: null });
    renderForUser("u-1");
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(["GET"]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts()).toHaveLength(0);
  });

  it("asks nothing for a zone the server would not take, or before anyone is signed in", async () => {
    serveSettings({ readReceipts: true, timeZone: null, locale: null });
    const { rerender } = renderForUser(undefined);
    browserIn("Mars/Olympus_Mons");
    rerender({ id: "u-1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });
});
