import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar.tsx";
import { PersonTile } from "./person-tile.tsx";
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

const upload = {
  thumb: "/api/photos/h-thumb.webp",
  card: "/api/photos/h-card.webp",
  large: "/api/photos/h-large.webp",
};

/** Every address the markup could make a browser download, from src, srcset and sources. */
function addressesIn(container: HTMLElement): string[] {
  const sets = [...container.querySelectorAll("img, source")].flatMap((element) => [
    element.getAttribute("src") ?? "",
    ...(element.getAttribute("srcset") ?? "").split(","),
  ]);
  return sets.map((candidate) => candidate.trim().split(" ")[0] ?? "").filter(Boolean);
}

describe("photo sizes", () => {
  it("gives an avatar the thumbnail or the card size for its drawn width, never the large one", () => {
    const { container } = render(
      <Avatar src={upload.card} photo={upload} userId="u-1" name="Ada" size="md" />,
    );
    const image = screen.getByRole("img", { name: "Ada" });
    expect(image).toHaveAttribute("src", upload.card);
    expect(image).toHaveAttribute("srcset", `${upload.thumb} 96w, ${upload.card} 480w`);
    expect(image).toHaveAttribute("sizes", "48px");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("decoding", "async");
    // The box is reserved before the file arrives.
    expect(image).toHaveAttribute("width", "96");
    expect(image).toHaveAttribute("height", "96");
    expect(addressesIn(container)).not.toContain(upload.large);
  });

  it("offers the deck card's large size only to wide screens, so a phone takes the card size", () => {
    const { container } = render(
      <UserCard user={{ _id: "u-1", firstName: "Ada", photoUrl: upload.card, photo: upload }} />,
    );
    const image = screen.getByRole("img", { name: "Ada" });
    expect(image).toHaveAttribute("srcset", `${upload.card} 480w`);
    expect(image).toHaveAttribute("width", "480");
    expect(image).toHaveAttribute("height", "720");
    // The deck card is the screen's main picture: not lazy.
    expect(image).toHaveAttribute("loading", "eager");
    const source = container.querySelector("picture > source");
    expect(source).toHaveAttribute("media", "(min-width: 768px)");
    expect(source).toHaveAttribute("srcset", `${upload.card} 480w, ${upload.large} 1080w`);
    expect(source?.getAttribute("sizes")).toBe(image.getAttribute("sizes"));
  });

  it("keeps cards in lists and person tiles to the card size at most, loaded lazily", () => {
    const person = { _id: "u-1", firstName: "Ada", photoUrl: upload.card, photo: upload };
    const { container } = render(
      <>
        <UserCard compact user={person} />
        <PersonTile user={{ ...person, firstName: "Tom" }} />
      </>,
    );
    expect(addressesIn(container)).not.toContain(upload.large);
    for (const image of screen.getAllByRole("img")) {
      expect(image).toHaveAttribute("loading", "lazy");
      expect(image).toHaveAttribute("decoding", "async");
      expect(image.getAttribute("sizes")).toBeTruthy();
    }
    // On a phone the tile is a 56 px circle: the thumbnail is enough.
    expect(screen.getByRole("img", { name: "Tom" }).getAttribute("sizes")).toMatch(/, 56px$/);
  });

  it("shows the generated avatar as it is when there is no upload", () => {
    render(<Avatar src="/api/avatars/u-1.svg" photo={null} userId="u-1" name="Ada" />);
    const image = screen.getByRole("img", { name: "Ada" });
    expect(image).toHaveAttribute("src", "/api/avatars/u-1.svg");
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
  });

  it("falls back to the generated avatar, without the sizes, when an upload does not load", () => {
    const { container } = render(
      <UserCard user={{ _id: "u-1", firstName: "Ada", photoUrl: upload.card, photo: upload }} />,
    );
    fireEvent.error(screen.getByRole("img", { name: "Ada" }));
    const image = screen.getByRole("img", { name: "Ada" });
    expect(image).toHaveAttribute("src", "/api/avatars/u-1.svg");
    expect(image).not.toHaveAttribute("srcset");
    expect(container.querySelector("source")).toBeNull();
  });
});
