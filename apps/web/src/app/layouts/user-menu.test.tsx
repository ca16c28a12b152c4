import { describe, expect, it } from "vitest";
import { sampleMe } from "@/test/render.tsx";
import { isProfileComplete } from "./user-menu.tsx";

const complete = { ...sampleMe, photo: null };

describe("isProfileComplete", () => {
  it("needs an about or an own photo, an age, a gender and three skills", () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, age: null })).toBe(false);
    expect(isProfileComplete({ ...complete, gender: null })).toBe(false);
    expect(isProfileComplete({ ...complete, skills: ["math", "poetry"] })).toBe(false);
  });

  it("does not count the generated avatar as a photo", () => {
    expect(isProfileComplete({ ...complete, about: " " })).toBe(false);
    expect(
      isProfileComplete({ ...complete, about: "", photoUrl: "https://example.com/me.jpg" }),
    ).toBe(true);
  });
});
