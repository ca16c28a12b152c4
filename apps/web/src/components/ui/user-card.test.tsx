import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserCard } from "./user-card.tsx";

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
