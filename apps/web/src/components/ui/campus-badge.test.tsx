import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CampusBadge } from "./campus-badge.tsx";
import { UserCard } from "./user-card.tsx";

const LONG_UNIVERSITY =
  "Rheinische Friedrich-Wilhelms-Universität Bonn, Faculty of Mathematics and Natural Sciences";

const ada = {
  _id: "u1",
  firstName: "Ada",
  lastName: "Lovelace",
  photoUrl: "/api/avatars/u1.svg",
  age: 28,
  gender: "female" as const,
  about: "I write programs for engines.",
  skills: ["Math", "Poetry", "Engines"],
};

describe("CampusBadge", () => {
  it("shows a cap and the university, cut to one line with the whole name in its title", () => {
    render(<CampusBadge university={LONG_UNIVERSITY} />);
    const badge = screen.getByTestId("campus-badge");
    expect(badge).toHaveAttribute("title", LONG_UNIVERSITY);
    expect(badge).toHaveTextContent(`University: ${LONG_UNIVERSITY}`);
    expect(within(badge).getByText(LONG_UNIVERSITY)).toHaveClass("truncate");
    // The icon is decoration; the words say what it is.
    expect(badge.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(within(badge).getByText("University:")).toHaveClass("sr-only");
  });

  it("shows nothing for someone without a university", () => {
    const { container, rerender } = render(<CampusBadge university={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CampusBadge university="" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("UserCard's campus badge", () => {
  it("shows the university in the photo's caption, with the name", () => {
    render(<UserCard user={{ ...ada, campus: "University of Oxford" }} />);
    const card = screen.getByRole("article", { name: "Ada Lovelace" });
    const badge = within(card).getByTestId("campus-badge");
    expect(badge).toHaveTextContent("University of Oxford");
    const caption = within(card).getByRole("heading", { name: "Ada Lovelace" }).parentElement;
    expect(caption).toContainElement(badge);
  });

  it("shows no badge without a university", () => {
    render(<UserCard user={{ ...ada, campus: null }} />);
    expect(screen.queryByTestId("campus-badge")).not.toBeInTheDocument();
    render(<UserCard user={ada} compact />);
    expect(screen.queryByTestId("campus-badge")).not.toBeInTheDocument();
  });
});
