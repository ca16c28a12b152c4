import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, renderApp } from "@/test/render.tsx";

describe("FAQ", () => {
  it("keeps its ten questions and answers the trial, refund and cancel ones for a free product", async () => {
    mockFetch(() => undefined);
    renderApp("/faq");
    await screen.findByRole("heading", { name: "Frequently asked questions" }, firstLoad);
    expect(within(screen.getByRole("main")).getAllByRole("listitem")).toHaveLength(10);

    const answers: Record<string, string> = {
      "Is there a free trial?":
        "There is nothing to try before you buy: Kindred is free, with every feature open to everyone. There are no paid plans.",
      "How do refunds work?":
        "There is nothing to refund: Kindred never asks for a card or takes a payment. If someone asks you to pay in Kindred's name, report them.",
      "Can I cancel at any time?":
        "Nothing is charged, so there is no subscription to cancel. You can leave at any time: Delete account in Settings removes your account at once.",
    };
    for (const [question, answer] of Object.entries(answers)) {
      await userEvent.click(screen.getByRole("button", { name: question }));
      expect(screen.getByText(answer)).toBeVisible();
    }
    expect(screen.queryByText(/7-day free trial|business days|payment method/)).toBeNull();
  });
});
