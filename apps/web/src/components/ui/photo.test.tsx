import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar.tsx";
import { generatedAvatarUrl, Photo } from "./photo.tsx";
import { UserCard } from "./user-card.tsx";

describe("Photo", () => {
  it("falls back to the person's generated avatar when the photo does not load", () => {
    render(<Photo src="https://example.invalid/me.png" userId="u-1" alt="Ada Lovelace" />);
    const image = screen.getByRole("img", { name: "Ada Lovelace" });
    expect(image).toHaveAttribute("src", "https://example.invalid/me.png");
    fireEvent.error(image);
    expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      "/api/avatars/u-1.svg",
    );
    expect(generatedAvatarUrl("u-1")).toBe("/api/avatars/u-1.svg");
  });

  it("stops there if the avatar fails as well, and tries a new address again", () => {
    const { rerender } = render(<Photo src="https://a.invalid/1.png" userId="u-1" alt="Ada" />);
    fireEvent.error(screen.getByRole("img"));
    fireEvent.error(screen.getByRole("img"));
    expect(screen.getByRole("img")).toHaveAttribute("src", "/api/avatars/u-1.svg");
    rerender(<Photo src="https://b.invalid/2.png" userId="u-1" alt="Ada" />);
    expect(screen.getByRole("img")).toHaveAttribute("src", "https://b.invalid/2.png");
  });

  it("hides a broken image when there is no one to fall back to", () => {
    render(<Photo src="https://a.invalid/1.png" alt="Someone" />);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("is used by the avatar and the user card", () => {
    render(
      <>
        <Avatar src="https://a.invalid/1.png" userId="u-2" name="Lena" />
        <UserCard
          user={{ _id: "u-3", firstName: "Tom", photoUrl: "https://b.invalid/2.png", skills: [] }}
        />
      </>,
    );
    for (const image of screen.getAllByRole("img")) fireEvent.error(image);
    expect(screen.getByRole("img", { name: "Lena" })).toHaveAttribute(
      "src",
      "/api/avatars/u-2.svg",
    );
    expect(screen.getByRole("img", { name: "Tom" })).toHaveAttribute("src", "/api/avatars/u-3.svg");
  });
});
