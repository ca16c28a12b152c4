import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { exchangeSentence, UserCard } from "./user-card.tsx";

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

describe("UserCard", () => {
  it("shows the photo, name, age, gender, about and skills", () => {
    render(<UserCard user={ada} />);
    expect(screen.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      "/api/avatars/u1.svg",
    );
    expect(screen.getByRole("heading", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("28 · Female")).toBeInTheDocument();
    expect(screen.getByText("I write programs for engines.")).toBeInTheDocument();
    const skills = within(screen.getByRole("list", { name: "Skills" })).getAllByRole("listitem");
    expect(skills.map((item) => item.textContent)).toEqual(["Math", "Poetry", "Engines"]);
  });

  it("highlights shared skills regardless of case and shows the '{n}+' count", () => {
    render(<UserCard user={ada} matchingSkills={["math", "Engines"]} />);
    expect(screen.getByText("2+")).toBeInTheDocument();
    expect(screen.getByText("Math").closest("li")).toHaveAttribute("data-shared", "true");
    expect(screen.getByText("Engines").closest("li")).toHaveAttribute("data-shared", "true");
    expect(screen.getByText("Poetry").closest("li")).not.toHaveAttribute("data-shared");
  });

  it("says in words what the two share, naming three and counting the rest", () => {
    const { rerender } = render(<UserCard user={{ ...ada, matchingSkills: ["Rust", "Chess"] }} />);
    expect(screen.getByText("You both know Rust, Chess")).toBeInTheDocument();
    rerender(
      <UserCard user={{ ...ada, matchingSkills: ["Rust", "Chess", "Go", "Poetry", "Math"] }} />,
    );
    const sentence = screen.getByText("You both know Rust, Chess, Go and 2 more");
    expect(sentence).toHaveAttribute("title", "You both know Rust, Chess, Go, Poetry, Math");
    rerender(<UserCard user={{ ...ada, matchingSkills: [] }} />);
    expect(screen.queryByText(/You both know/)).not.toBeInTheDocument();
  });

  it("names the skills close to the viewer's apart from the shared ones", () => {
    render(<UserCard user={{ ...ada, matchingSkills: ["Math"], related: ["Poetry", "Math"] }} />);
    expect(screen.getByText("You both know Math")).toBeInTheDocument();
    expect(screen.getByText("Close to your skills: Poetry")).toBeInTheDocument();
  });

  it("says what is shared in the viewer's words, and related skills as near one of theirs", () => {
    const { rerender } = render(
      <UserCard
        user={{
          ...ada,
          skills: ["JavaScript", "chess", "React", "Vue"],
          matchingSkills: ["JavaScript", "chess"],
          sharedInYourWords: ["JS", "Chess"],
          related: ["React", "Vue"],
          relatedToYours: [
            { skill: "React", yours: "JS" },
            { skill: "Vue", yours: "TypeScript" },
          ],
        }}
      />,
    );
    expect(screen.getByText("You both know JS, Chess")).toBeInTheDocument();
    expect(screen.queryByText(/You both know JavaScript/)).not.toBeInTheDocument();
    expect(screen.getByText("React ~ your JS, Vue ~ your TypeScript")).toBeInTheDocument();
    expect(screen.queryByText(/Close to your skills/)).not.toBeInTheDocument();
    // The count is of skills shared, whatever the spellings; the card's own chips stay its own.
    expect(screen.getByText("2+")).toBeInTheDocument();
    expect(screen.getByText("JavaScript").closest("li")).toHaveAttribute("data-shared", "true");

    const pairs = ["React", "Vue", "Svelte", "Angular", "Node.js"].map((skill) => ({
      skill,
      yours: "JavaScript",
    }));
    rerender(
      <UserCard
        user={{ ...ada, related: pairs.map((pair) => pair.skill), relatedToYours: pairs }}
      />,
    );
    const sentence = screen.getByText(
      "React ~ your JavaScript, Vue ~ your JavaScript, Svelte ~ your JavaScript and 2 more",
    );
    expect(sentence).toHaveAttribute(
      "title",
      pairs.map((pair) => `${pair.skill} ~ your ${pair.yours}`).join(", "),
    );
  });

  it("takes the shared skills from a feed card and shows no count without any", () => {
    const { rerender } = render(<UserCard user={{ ...ada, matchingSkills: ["Poetry"] }} />);
    expect(screen.getByText("1+")).toBeInTheDocument();
    rerender(<UserCard user={{ ...ada, matchingSkills: [] }} />);
    expect(screen.queryByText(/^\d+\+$/)).not.toBeInTheDocument();
  });

  it("renders a footer and a draft with free-text age and no photo", () => {
    render(
      <UserCard
        user={{ firstName: "Grace", lastName: "", photoUrl: "", age: "40", skills: [] }}
        footer={<button type="button">Accept</button>}
      />,
    );
    expect(screen.getByRole("img", { name: "Grace" })).toBeInTheDocument();
    expect(screen.getByText("40")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeInTheDocument();
  });
});

describe("UserCard: what the two can trade", () => {
  const maya = { ...ada, firstName: "Maya", lastName: "Rossi" };
  const both = { teachesMe: ["Guitar"], learnsFromMe: ["Python"] };

  it("says an exchange both ways, with her, him or them after it by the person's gender", () => {
    expect(exchangeSentence({ ...maya, gender: "female" }, both)).toBe(
      "Maya can teach you Guitar · you can teach her Python",
    );
    expect(exchangeSentence({ firstName: "Omar", gender: "male" }, both)).toBe(
      "Omar can teach you Guitar · you can teach him Python",
    );
    expect(exchangeSentence({ firstName: "Sam", gender: "other" }, both)).toBe(
      "Sam can teach you Guitar · you can teach them Python",
    );
    expect(exchangeSentence({ firstName: "Kim", gender: null }, both)).toBe(
      "Kim can teach you Guitar · you can teach them Python",
    );
  });

  it("says one way only when only one way holds, and nothing when neither does", () => {
    expect(exchangeSentence(maya, { teachesMe: ["Guitar"], learnsFromMe: [] })).toBe(
      "Maya can teach you Guitar",
    );
    expect(exchangeSentence(maya, { teachesMe: [], learnsFromMe: ["Python"] })).toBe(
      "You can teach Maya Python",
    );
    expect(exchangeSentence(maya, { teachesMe: [], learnsFromMe: [] })).toBeNull();
  });

  it("names several skills joined with commas", () => {
    expect(
      exchangeSentence(
        { ...maya, gender: "female" },
        { teachesMe: ["Guitar", "Piano"], learnsFromMe: ["Python", "SQL", "Go"] },
      ),
    ).toBe("Maya can teach you Guitar, Piano · you can teach her Python, SQL, Go");
  });

  it("says him for a man and them for anyone else", () => {
    const both = { teachesMe: ["Guitar"], learnsFromMe: ["Python"] };
    const sentences = (["male", "other", undefined] as const).map((gender) =>
      exchangeSentence({ ...maya, gender }, both),
    );
    expect(sentences).toEqual([
      "Maya can teach you Guitar · you can teach him Python",
      "Maya can teach you Guitar · you can teach them Python",
      "Maya can teach you Guitar · you can teach them Python",
    ]);
  });

  it("shows the exchange on the card above the shared skills, and none without one", () => {
    const { rerender } = render(
      <UserCard
        user={{
          ...maya,
          gender: "female",
          matchingSkills: ["Math"],
          exchange: { teachesMe: ["Engines"], learnsFromMe: ["Chess"] },
        }}
      />,
    );
    const exchange = screen.getByText("Maya can teach you Engines · you can teach her Chess");
    const shared = screen.getByText("You both know Math");
    // Earlier in the card's reading order than the shared skills.
    expect(
      exchange.compareDocumentPosition(shared) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    rerender(<UserCard user={{ ...maya, exchange: { teachesMe: [], learnsFromMe: [] } }} />);
    expect(screen.queryByText(/can teach/)).not.toBeInTheDocument();
  });

  it("lists what the person wants to learn apart from their skills", () => {
    render(<UserCard user={{ ...ada, learning: ["Guitar", "A skill with a rather long name"] }} />);
    const learning = within(screen.getByRole("list", { name: "Wants to learn" }));
    expect(learning.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Guitar",
      "A skill with a rather long name",
    ]);
    // Cut short with its whole name kept, so a long one does not widen the card.
    expect(learning.getByText("A skill with a rather long name")).toHaveClass("truncate");
    const skills = within(screen.getByRole("list", { name: "Skills" }));
    expect(skills.queryByText("Guitar")).not.toBeInTheDocument();
  });

  it("shows no learning list for someone who wants to learn nothing", () => {
    render(<UserCard user={{ ...ada, learning: [] }} />);
    expect(screen.queryByRole("list", { name: "Wants to learn" })).not.toBeInTheDocument();
  });
});
