import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { actor } from "@/test/notification-fixtures.ts";
import { PersonTile } from "./person-tile.tsx";
import { UserCard } from "./user-card.tsx";

// jsdom has no modal dialogs (this file's own window: vitest isolates test files).
HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const LONG_ABOUT = `I teach pottery on weekends. ${"Clay, glaze and patience. ".repeat(20)}The end.`;

const ana = {
  ...actor("u-ana", "Ana"),
  age: 27,
  gender: "female" as const,
  about: LONG_ABOUT,
  skills: ["Pottery", "Chess", "Go", "Rust"],
  learning: ["Guitar"],
  campus: "University of Porto",
};

describe("the whole profile", () => {
  it("opens from a list's person by keyboard, with the full about, skills, learning and campus", async () => {
    const user = userEvent.setup();
    render(<PersonTile user={ana} />);
    const opener = screen.getByRole("button", { name: "Open the profile of Ana Actor" });
    opener.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Ana Actor" });
    // The whole about, not the tile's clamped line.
    expect(within(dialog).getByText(LONG_ABOUT.trim())).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole("list", { name: "Skills" })).getAllByRole("listitem"),
    ).toHaveLength(4);
    expect(within(dialog).getByRole("list", { name: "Wants to learn" })).toHaveTextContent(
      "Guitar",
    );
    expect(within(dialog).getByText(/University of Porto/)).toBeInTheDocument();
    expect(within(dialog).getByText("27 · Female")).toBeInTheDocument();

    // Closed (Escape in a browser; jsdom has only the button), focus goes back to the name.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(dialog).not.toHaveAttribute("open");
    expect(opener).toHaveFocus();
  });

  it("shows the links it is given", async () => {
    const user = userEvent.setup();
    render(
      <PersonTile
        user={{
          ...ana,
          links: { instagramLink: "https://instagram.com/ana", otherLink: "https://ana.example" },
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Open the profile of Ana Actor" }));
    const dialog = await screen.findByRole("dialog", { name: "Ana Actor" });
    expect(within(dialog).getByRole("link", { name: "Instagram" })).toHaveAttribute(
      "href",
      "https://instagram.com/ana",
    );
    expect(within(dialog).getByRole("link", { name: "https://ana.example" })).toBeInTheDocument();
  });

  it("opens from a feed card's name, and only when the card allows it", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<UserCard user={ana} />);
    expect(screen.queryByRole("button", { name: /Open the profile/ })).not.toBeInTheDocument();
    rerender(<UserCard user={ana} openable />);
    await user.click(screen.getByRole("button", { name: "Open the profile of Ana Actor" }));
    expect(
      within(await screen.findByRole("dialog", { name: "Ana Actor" })).getByText(LONG_ABOUT.trim()),
    ).toBeInTheDocument();
  });
});
