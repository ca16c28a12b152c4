import type { Card } from "@kindred/shared";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { mockFetch, ok } from "@/test/render.tsx";
import { ConnectionsPage } from "./connections-page.tsx";

function person(id: string, firstName: string): Card {
  return {
    _id: id,
    firstName,
    lastName: "Friend",
    photoUrl: `/api/avatars/${id}.svg`,
    photo: null,
    age: null,
    gender: null,
    about: "Hello there",
    skills: ["Design", "Figma", "CSS"],
    learning: [],
    campus: null,
  };
}

function stubConnections(data: Card[]) {
  mockFetch(() => ok(data));
}

function renderConnections() {
  renderWithQueryClient(
    <MemoryRouter>
      <ConnectionsPage />
    </MemoryRouter>,
  );
}

describe("ConnectionsPage", () => {
  it("shows 'Loading...' and then the empty text", async () => {
    stubConnections([]);
    renderConnections();
    expect(screen.getByRole("heading", { name: "Connections" })).toBeInTheDocument();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByText("No Connections Found")).toBeInTheDocument();
  });

  it("shows a card for each connection", async () => {
    stubConnections([person("a", "Ann"), person("b", "Ben")]);
    renderConnections();
    expect(await screen.findByRole("article", { name: "Ann Friend" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Ben Friend" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Ben Friend" })).toHaveAttribute(
      "src",
      "/api/avatars/b.svg",
    );
  });
});
