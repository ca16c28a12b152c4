import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, ok, renderApp } from "@/test/render.tsx";

describe("support center", () => {
  it("offers five topics, none about payments, and sends the one chosen", async () => {
    const calls = mockFetch((call) =>
      call.path === "/support/tickets" ? ok(undefined, 201) : undefined,
    );
    renderApp("/support");
    const topics = await screen.findByRole("group", { name: "Topic" }, firstLoad);
    const chips = topics.querySelectorAll("button");
    expect([...chips].map((chip) => chip.textContent)).toEqual([
      "Account Issues",
      "Safety and Reports",
      "Technical Support",
      "Product Questions",
      "General Inquiries",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Safety and Reports" }));
    for (const [label, text] of [
      ["Name", "Ana Lima"],
      ["Email", "ana@example.com"],
      ["Message", "Someone keeps messaging me."],
    ] as const) {
      await userEvent.click(screen.getByLabelText(label));
      await userEvent.paste(text);
    }
    await userEvent.click(screen.getByRole("button", { name: "Submit Ticket" }));
    expect(
      await screen.findByText("Thank you! Your ticket has been submitted.", {}, { timeout: 5_000 }),
    ).toBeVisible();
    const sent = calls.find((call) => call.path === "/support/tickets");
    expect(sent?.body).toMatchObject({ topic: "Safety and Reports", name: "Ana Lima" });
  });
});
