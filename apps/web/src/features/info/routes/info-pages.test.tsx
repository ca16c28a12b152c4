import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { firstLoad, mockFetch, ok, renderApp } from "@/test/render.tsx";

/** The text of the policy section under `heading`, as one string. */
function section(heading: string): string {
  const title = screen.getByRole("heading", { level: 2, name: heading });
  return title.parentElement?.textContent?.replace(/\s+/g, " ") ?? "";
}

describe("privacy policy", () => {
  it("says how moderation, reports, appeals, retention, ages and emails work", async () => {
    mockFetch(() => undefined);
    renderApp("/privacy");
    await screen.findByRole("heading", { level: 1, name: "Privacy policy" }, firstLoad);
    expect(screen.getByRole("main").textContent).not.toMatch(/AI moderation|SMS|encrypted storage/);

    const moderation = section("Moderation: automatic filters and human moderators");
    expect(moderation).toContain("obscenity");
    expect(moderation).toContain("links and phone numbers");
    expect(moderation).toContain("No AI reads or judges your content.");
    expect(moderation).toContain("human moderators");

    const appeals = section("Reports and appeals");
    expect(appeals).toContain("appeal once, within 14 days; a different moderator");

    const kept = section("What we keep for safety, and for how long");
    expect(kept).toContain("the 20 messages around it");
    expect(kept).toContain("kept out of everyone’s reach for 30 days");
    expect(kept).toContain("deleted 30 days after the ban. Only a keyed hash of its email");

    expect(section("Who sees what")).toContain(
      "A profile of someone under 18 shows no social links to anyone and is never shown to signed-out visitors.",
    );

    const email = section("Email");
    for (const kind of [
      "someone wants to connect",
      "someone accepted your request",
      "a chat message arrived while Kindred was closed everywhere",
      "an event you are going to starts in a day or in an hour",
      "a place opened up for you on an event’s waitlist",
      "an event you were going to was cancelled",
      "someone replied to your post",
      "a password reset code",
      "The newsletter comes only if you subscribe",
    ]) {
      expect(email).toContain(kind);
    }
  });
});

describe("terms of service", () => {
  it("says sign-up needs the terms accepted and an age of 13 or over, and that nothing is paid", async () => {
    mockFetch(() => undefined);
    renderApp("/terms");
    await screen.findByRole("heading", { level: 1, name: "Terms of service" }, firstLoad);
    const using = section("Using Kindred");
    expect(using).toContain("there are no paid plans, trials or payments");
    expect(using).toContain(
      "Signing up asks you to accept these terms and to confirm that you are 13 or over",
    );
    expect(section("Teens and adults")).toContain("People aged 13 to 17 and people 18 or over");
    expect(section("Appeals and termination")).toContain("appeal it once within 14 days");
  });
});

describe("about page", () => {
  it("shows the real statistics and how Kindred is kept safe", async () => {
    preferReducedMotion();
    mockFetch((call) =>
      call.path === "/stats" ? ok({ users: 31, connections: 12, interests: 58 }) : undefined,
    );
    renderApp("/about");
    const numbers = await screen.findByRole("region", { name: "Kindred in numbers" }, firstLoad);
    await waitFor(() =>
      expect(
        within(numbers)
          .getAllByTestId("stat-value")
          .map((v) => v.textContent),
      ).toEqual(["31", "12", "58"]),
    );
    const safety = screen.getByRole("region", { name: "How we keep Kindred safe" });
    expect(
      within(safety)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("h3")?.textContent),
    ).toEqual([
      "Filters, then people",
      "Reports and appeals",
      "Teens and adults apart",
      "Kept for safety, then deleted",
    ]);
    expect(safety.textContent).toContain(
      "Automatic filters and human moderators, not AI moderation.",
    );
  });
});
