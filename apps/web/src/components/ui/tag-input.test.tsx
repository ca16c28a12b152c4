import { MESSAGES } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TagInput } from "./tag-input.tsx";

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState<string[]>(initial);
  return (
    <>
      <TagInput label="Skills" tags={tags} onChange={setTags} />
      <button type="button">Next field</button>
      <output data-testid="tags">{tags.join(",")}</output>
    </>
  );
}

const tagsText = () => screen.getByTestId("tags").textContent;

describe("TagInput", () => {
  it("shows the 'Add a tag' placeholder and is labelled", () => {
    render(<Harness />);
    expect(screen.getByLabelText("Skills")).toHaveAttribute("placeholder", MESSAGES.tagPlaceholder);
  });

  it("adds the typed tag on Enter and on Tab, keeping focus in the field", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Skills");
    await user.type(input, "coding{Enter}");
    await user.type(input, "cooking");
    await user.tab();
    expect(tagsText()).toBe("coding,cooking");
    expect(input).toHaveFocus();
    expect(input).toHaveValue("");
  });

  it("moves focus normally on Tab when the field is empty", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["games"]} />);
    await user.click(screen.getByLabelText("Skills"));
    await user.tab();
    expect(screen.getByRole("button", { name: "Remove games" })).not.toHaveFocus();
    expect(screen.getByRole("button", { name: "Next field" })).toHaveFocus();
    expect(tagsText()).toBe("games");
  });

  it("removes the last tag on Backspace in an empty field", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["games", "cooking"]} />);
    await user.type(screen.getByLabelText("Skills"), "{Backspace}");
    expect(tagsText()).toBe("games");
  });

  it("ignores duplicates regardless of case and removes a tag with its button", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["Games"]} />);
    await user.type(screen.getByLabelText("Skills"), "games{Enter}chess{Enter}");
    expect(tagsText()).toBe("Games,chess");
    await user.click(screen.getByRole("button", { name: "Remove Games" }));
    expect(tagsText()).toBe("chess");
  });
});
