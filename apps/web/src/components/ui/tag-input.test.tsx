import { SKILL_MAX_LENGTH } from "@kindred/shared/constants";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { deferred, type FetchCall, mockFetch, ok } from "@/test/mock-fetch.ts";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { TagInput, tagTooLong } from "./tag-input.tsx";

/** The tag input asks the server for suggestions: each test renders it with a cache of its own. */
let calls: FetchCall[] = [];
beforeEach(() => {
  // No suggestions unless a test says otherwise.
  calls = mockFetch(() => ok([]));
});

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
    renderWithQueryClient(<Harness />);
    expect(screen.getByLabelText("Skills")).toHaveAttribute("placeholder", MESSAGES.tagPlaceholder);
  });

  it("adds the typed tag on Enter and on Tab, keeping focus in the field", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
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
    renderWithQueryClient(<Harness initial={["games"]} />);
    await user.click(screen.getByLabelText("Skills"));
    await user.tab();
    expect(screen.getByRole("button", { name: "Remove games" })).not.toHaveFocus();
    expect(screen.getByRole("button", { name: "Next field" })).toHaveFocus();
    expect(tagsText()).toBe("games");
  });

  it("removes the last tag on Backspace in an empty field", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Harness initial={["games", "cooking"]} />);
    await user.type(screen.getByLabelText("Skills"), "{Backspace}");
    expect(tagsText()).toBe("games");
  });

  it("ignores duplicates regardless of case and removes a tag with its button", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Harness initial={["Games"]} />);
    await user.type(screen.getByLabelText("Skills"), "games{Enter}chess{Enter}");
    expect(tagsText()).toBe("Games,chess");
    await user.click(screen.getByRole("button", { name: "Remove Games" }));
    expect(tagsText()).toBe("chess");
  });
});

describe("TagInput: commas and the length limit", () => {
  it("ends a tag at a comma, typed or pasted", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByLabelText("Skills");
    await user.type(input, "chess,");
    expect(tagsText()).toBe("chess");
    expect(input).toHaveValue("");
    await user.click(input);
    await user.paste("rust, hiking,cook");
    expect(tagsText()).toBe("chess,rust,hiking");
    expect(input).toHaveValue("cook");
  });

  it("refuses a tag over the limit with a message at the field, keeping the text whole", async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByLabelText("Skills");
    const long = "x".repeat(SKILL_MAX_LENGTH + 1);
    await user.type(input, `${long}{Enter}`);
    expect(tagsText()).toBe("");
    expect(input).toHaveValue(long);
    expect(input).toHaveAccessibleDescription(tagTooLong());
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.type(input, "{Backspace}{Enter}");
    expect(tagsText()).toBe("x".repeat(SKILL_MAX_LENGTH));
    expect(input).not.toHaveAttribute("aria-invalid");
  });
});

describe("TagInput: suggestions", () => {
  it("suggests canonical skills as one types; arrows and Enter add one in its own spelling", async () => {
    calls = mockFetch((call) =>
      call.path.startsWith("/skills?q=js")
        ? ok([
            { name: "JavaScript", aliases: ["js"], people: 12 },
            { name: "JSON", aliases: [], people: 1 },
          ])
        : ok([]),
    );
    const user = userEvent.setup();
    renderWithQueryClient(<Harness initial={["coding"]} />);
    const input = screen.getByRole("combobox", { name: "Skills" });
    await user.type(input, "js");
    const list = await screen.findByRole("listbox", { name: "Suggested skills" });
    expect(list).toHaveTextContent("JavaScript12 people");
    expect(list).toHaveTextContent("JSON1 person");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: /JavaScript/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await user.keyboard("{Enter}");
    expect(tagsText()).toBe("coding,JavaScript");
    expect(input).toHaveValue("");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/skills?q=js"))).toBe(true);
  });

  it('asks "Did you mean Python?" for "pyhton" before adding it, and keeps the text if asked to', async () => {
    calls = mockFetch((call) =>
      call.path.startsWith("/skills?q=pyhton") || call.path.startsWith("/skills?q=pyton")
        ? ok([{ name: "Python", aliases: ["py"], people: 40 }])
        : ok([]),
    );
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole("combobox", { name: "Skills" });
    await user.type(input, "pyhton");
    await screen.findByRole("listbox", { name: "Suggested skills" });
    await user.keyboard("{Enter}");
    // Not added yet: the canonical name is offered, one tap away, and the text as typed.
    expect(tagsText()).toBe("");
    const prompt = screen.getByRole("group", { name: "Spelling suggestion" });
    expect(prompt).toHaveTextContent("Did you mean Python?");
    await user.click(screen.getByRole("button", { name: "Keep pyhton" }));
    expect(tagsText()).toBe("pyhton");
    expect(input).toHaveValue("");
    expect(screen.queryByRole("group", { name: "Spelling suggestion" })).not.toBeInTheDocument();

    // A comma ends a tag: the same question, and the canonical name in one tap.
    await user.type(input, "pyton");
    await screen.findByRole("listbox", { name: "Suggested skills" });
    await user.type(input, ",");
    expect(tagsText()).toBe("pyhton");
    await user.click(await screen.findByRole("button", { name: "Use Python" }));
    expect(tagsText()).toBe("pyhton,Python");
    expect(input).toHaveValue("");
    expect(screen.queryByRole("group", { name: "Spelling suggestion" })).not.toBeInTheDocument();
  });

  it("adds a word far from every suggestion at once, without asking", async () => {
    calls = mockFetch(() => ok([{ name: "Python", aliases: [], people: 40 }]));
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole("combobox", { name: "Skills" });
    await user.type(input, "pottery");
    await screen.findByRole("listbox", { name: "Suggested skills" });
    await user.keyboard("{Enter}");
    expect(tagsText()).toBe("pottery");
    expect(screen.queryByRole("group", { name: "Spelling suggestion" })).not.toBeInTheDocument();
  });

  it("keeps the highlighted skill when the answer for the last letters replaces the list", async () => {
    const later = deferred();
    calls = mockFetch((call) => {
      if (call.path.startsWith("/skills?q=ja&")) {
        return ok([
          { name: "Jazz", aliases: [], people: 3 },
          { name: "JavaScript", aliases: ["js"], people: 12 },
        ]);
      }
      if (call.path.startsWith("/skills?q=jav&")) return later.reply;
      return ok([]);
    });
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole("combobox", { name: "Skills" });
    await user.type(input, "ja");
    await screen.findByRole("option", { name: /Jazz/ });
    // One more letter; the list for "ja" stays while the one for "jav" is asked for and loads,
    // and the person picks JavaScript from what is on screen.
    await user.type(input, "v");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const javascript = () => screen.getByRole("option", { name: /JavaScript/ });
    expect(javascript()).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(calls.some((call) => call.path.includes("q=jav&"))).toBe(true));
    expect(javascript()).toHaveAttribute("aria-selected", "true");

    later.answer(
      ok([
        { name: "JavaScript", aliases: ["js"], people: 12 },
        { name: "Java", aliases: [], people: 5 },
      ]),
    );
    await screen.findByRole("option", { name: /^Java\s?5 people/ });
    expect(javascript()).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(tagsText()).toBe("JavaScript");
  });

  it("adds what was typed on Enter when no suggestion is chosen, and Escape closes the list", async () => {
    mockFetch(() => ok([{ name: "Rust", aliases: [], people: 3 }]));
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole("combobox", { name: "Skills" });
    await user.type(input, "rus");
    await screen.findByRole("listbox", { name: "Suggested skills" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(tagsText()).toBe("rus");
  });
});
