import { describe, expect, it } from "vitest";
import { MAX_SKILLS, MESSAGES, MIN_SKILLS, SKILL_MAX_LENGTH } from "./constants.ts";
import {
  ageInputSchema,
  dedupeSkills,
  emailSchema,
  feedQuerySchema,
  firstNameSchema,
  hasVisibleCharacter,
  otpSchema,
  profileEditBodySchema,
  setPasswordFormSchema,
  signupBodySchema,
  skillsSchema,
} from "./schemas.ts";

/** The first message zod gives for the input, or undefined when it is accepted. */
function firstError(schema: { safeParse(value: unknown): unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("emailSchema", () => {
  it("trims and lower-cases an address", () => {
    expect(emailSchema.parse("  Ana@Example.COM ")).toBe("ana@example.com");
  });

  it("says what is wrong with a missing or malformed address", () => {
    expect(firstError(emailSchema, "")).toBe("Email is required");
    expect(firstError(emailSchema, "ana@")).toBe("Enter a valid email address");
    expect(firstError(emailSchema, `${"a".repeat(250)}@x.io`)).toBe("Email is too long");
  });
});

describe("names and invisible text", () => {
  it("refuses a name made only of invisible characters", () => {
    for (const blank of ["\u200b", "\u3164", "\u2800\u2800", "\u00ad"]) {
      expect(hasVisibleCharacter(blank)).toBe(false);
      expect(firstError(firstNameSchema, blank)).toBe(
        "First name cannot be made only of invisible characters",
      );
    }
  });

  it("trims the byte-order mark like a space, so a name of only that is missing", () => {
    expect(firstError(firstNameSchema, "\ufeff")).toBe("First name is required");
  });

  it("accepts names in any script", () => {
    for (const name of ["Ana", "Zoë", "李雷", "محمد", "Ólafur"]) {
      expect(firstNameSchema.parse(name)).toBe(name);
    }
  });

  it("refuses the NUL character, which PostgreSQL cannot store", () => {
    expect(firstError(firstNameSchema, "A\0na")).toBe(
      "First name cannot contain a NUL character (\\0)",
    );
  });
});

describe("skillsSchema", () => {
  it("keeps the first spelling of a skill repeated in another case", () => {
    expect(dedupeSkills(["React", "react", "Go", "REACT"])).toEqual(["React", "Go"]);
    expect(skillsSchema.parse([" React ", "react", "Go", "SQL"])).toEqual(["React", "Go", "SQL"]);
  });

  it("counts distinct skills against the minimum and the maximum", () => {
    expect(firstError(skillsSchema, ["a", "A", "b"])).toBe(
      `Add at least ${MIN_SKILLS} different skills`,
    );
    const many = Array.from({ length: MAX_SKILLS + 1 }, (_, i) => `skill ${i}`);
    expect(firstError(skillsSchema, many)).toBe(`Add at most ${MAX_SKILLS} skills`);
  });

  it("refuses an empty, a too long or a non-text skill", () => {
    expect(firstError(skillsSchema, ["a", "b", "  "])).toBe("Skills cannot be empty");
    expect(firstError(skillsSchema, ["a", "b", "x".repeat(SKILL_MAX_LENGTH + 1)])).toBe(
      `Each skill must be at most ${SKILL_MAX_LENGTH} characters`,
    );
    expect(firstError(skillsSchema, ["a", "b", 3])).toBe("Each skill must be text");
    expect(firstError(skillsSchema, "a, b, c")).toBe("Skills must be a list");
  });
});

describe("ageInputSchema", () => {
  it("reads digits typed in a form as a number and empty as no age", () => {
    expect(ageInputSchema.parse(" 27 ")).toBe(27);
    expect(ageInputSchema.parse("")).toBeNull();
    expect(ageInputSchema.parse(null)).toBeNull();
  });

  it("refuses ages out of range and text that is not a whole number", () => {
    for (const bad of [12, 121, "12", "2.5", "twenty", 30.5]) {
      expect(firstError(ageInputSchema, bad)).toBe("Age must be a whole number from 13 to 120");
    }
  });
});

describe("request bodies", () => {
  const signup = {
    firstName: "Ana",
    emailId: "ana@example.com",
    password: "correct horse",
    skills: ["Go", "SQL", "Chess"],
  };

  it("fills an absent last name with an empty one at signup", () => {
    expect(signupBodySchema.parse(signup).lastName).toBe("");
  });

  it("refuses a profile edit that names a field outside the profile", () => {
    expect(profileEditBodySchema.safeParse({ about: "Hi" }).success).toBe(true);
    expect(profileEditBodySchema.safeParse({ emailId: "other@example.com" }).success).toBe(false);
  });

  it("turns an emptied link into null so the field is cleared", () => {
    expect(profileEditBodySchema.parse({ otherLink: "  " }).otherLink).toBeNull();
    expect(firstError(profileEditBodySchema, { otherLink: "javascript:alert(1)" })).toBe(
      "Other link must be an http(s) URL",
    );
  });

  it("asks for both password fields to match", () => {
    const result = setPasswordFormSchema.safeParse({
      password: "correct horse",
      confirmPassword: "correct horsE",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["confirmPassword"],
      message: MESSAGES.passwordsDiffer,
    });
  });

  it("takes a code of exactly six visible characters", () => {
    expect(otpSchema.parse(" 123456 ")).toBe("123456");
    expect(firstError(otpSchema, "123 56")).toBe(MESSAGES.enterFullOtp);
    expect(firstError(otpSchema, "12345")).toBe(MESSAGES.enterFullOtp);
  });

  it("defaults the feed page and refuses a cursor with characters it never contains", () => {
    expect(feedQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(feedQuerySchema.safeParse({ cursor: "abc'; drop" }).success).toBe(false);
    expect(feedQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
  });
});
