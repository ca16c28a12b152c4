import type { Availability } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { type FetchCall, mockFetch, ok, type Reply } from "@/test/mock-fetch.ts";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { setXsrfCookie } from "@/test/render.tsx";
import { AvailabilitySection } from "./availability-section.tsx";

let calls: FetchCall[];

/** My week as stored: Sunday 18:00 to 19:00, in New York. */
const stored: Availability = { slots: [{ day: 0, hour: 18 }], timeZone: "America/New_York" };

function renderSection(
  save: (body: unknown) => Reply = (body) => ok({ ...stored, ...(body as object) }),
) {
  calls = mockFetch((call) => {
    if (call.path !== "/account/availability") return undefined;
    return call.method === "PUT" ? save(call.body) : ok(stored);
  });
  renderWithQueryClient(
    <MemoryRouter>
      <AvailabilitySection />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setXsrfCookie();
});

const puts = () => calls.filter((call) => call.method === "PUT").map((call) => call.body);

async function section() {
  const region = await screen.findByRole("region", { name: "When I'm free" });
  await within(region).findByLabelText("Monday 09:00 to 10:00");
  return region;
}

// By its label: a role query over the grid's 168 buttons takes seconds in jsdom.
const hour = (region: HTMLElement, name: string) => within(region).getByLabelText(name);
const hours = (region: HTMLElement, pressed: boolean) =>
  region.querySelectorAll(`button[aria-pressed="${pressed}"]`);

describe("Settings: When I'm free", () => {
  it("shows my week in my time zone, says others see only overlaps, and saves the hours toggled", async () => {
    renderSection();
    const user = userEvent.setup();
    const region = await section();
    expect(within(region).getByText("America/New York")).toBeInTheDocument();
    expect(region).toHaveTextContent(/you both see only the hours you're both free/);
    // Seven days of 24 hours, my stored hour pressed.
    expect(hours(region, false)).toHaveLength(167);
    expect(hours(region, true)).toHaveLength(1);
    expect(hour(region, "Sunday 18:00 to 19:00")).toHaveAttribute("aria-pressed", "true");
    const save = within(region).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();

    await user.click(hour(region, "Monday 09:00 to 10:00"));
    await user.click(hour(region, "Sunday 18:00 to 19:00"));
    expect(hour(region, "Monday 09:00 to 10:00")).toHaveAttribute("aria-pressed", "true");
    expect(hour(region, "Sunday 18:00 to 19:00")).toHaveAttribute("aria-pressed", "false");
    expect(region).toHaveTextContent("1 hour a week. Not saved yet.");

    // A mouse drag down Wednesday paints the hours it passes.
    await user.pointer([
      { keys: "[MouseLeft>]", target: hour(region, "Wednesday 10:00 to 11:00") },
      { target: hour(region, "Wednesday 11:00 to 12:00") },
      { target: hour(region, "Wednesday 12:00 to 13:00") },
      { keys: "[/MouseLeft]" },
    ]);
    for (const name of ["10:00 to 11:00", "11:00 to 12:00", "12:00 to 13:00"]) {
      expect(hour(region, `Wednesday ${name}`)).toHaveAttribute("aria-pressed", "true");
    }
    expect(hour(region, "Wednesday 13:00 to 14:00")).toHaveAttribute("aria-pressed", "false");

    await user.click(save);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      slots: [
        { day: 1, hour: 9 },
        { day: 3, hour: 10 },
        { day: 3, hour: 11 },
        { day: 3, hour: 12 },
      ],
    });
    await waitFor(() => expect(save).toBeDisabled());
    expect(region).toHaveTextContent("4 hours a week.");
    expect(region).not.toHaveTextContent("Not saved yet.");
  });

  it("is one stop for the keyboard: arrows move, Space and Enter toggle", async () => {
    renderSection();
    const user = userEvent.setup();
    const region = await section();
    // One hour of the grid takes Tab; the others wait for the arrow keys.
    const tabbable = [...region.querySelectorAll<HTMLElement>("button[aria-pressed]")].filter(
      (button) => button.tabIndex === 0,
    );
    expect(tabbable).toEqual([hour(region, "Monday 09:00 to 10:00")]);

    hour(region, "Monday 09:00 to 10:00").focus();
    await user.keyboard("{ArrowRight}{ArrowDown}");
    expect(hour(region, "Tuesday 10:00 to 11:00")).toHaveFocus();
    await user.keyboard(" ");
    expect(hour(region, "Tuesday 10:00 to 11:00")).toHaveAttribute("aria-pressed", "true");
    await user.keyboard("{End}{Enter}");
    expect(hour(region, "Sunday 10:00 to 11:00")).toHaveFocus();
    expect(hour(region, "Sunday 10:00 to 11:00")).toHaveAttribute("aria-pressed", "true");
    await user.keyboard("{Enter}");
    expect(hour(region, "Sunday 10:00 to 11:00")).toHaveAttribute("aria-pressed", "false");

    await user.click(within(region).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      slots: [
        { day: 0, hour: 18 },
        { day: 2, hour: 10 },
      ],
    });
  });

  it("keeps the hours and says so when saving fails", async () => {
    renderSection(() => ({
      status: 400,
      body: { status: 0, code: "VALIDATION_ERROR", message: "Too many slots." },
    }));
    const user = userEvent.setup();
    const region = await section();
    await user.click(hour(region, "Friday 20:00 to 21:00"));
    await user.click(within(region).getByRole("button", { name: "Save" }));
    expect(await within(region).findByRole("alert")).toHaveTextContent("Too many slots.");
    expect(hour(region, "Friday 20:00 to 21:00")).toHaveAttribute("aria-pressed", "true");
    expect(region).toHaveTextContent("Not saved yet.");
  });
});
