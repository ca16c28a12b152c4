import { PASSWORD_STRENGTH_MESSAGES } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

describe("PasswordStrengthMeter", () => {
  it("shows nothing for an empty password", () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByTestId("password-strength")).not.toBeInTheDocument();
  });

  it("calls a common password weak and says why, as the server would", async () => {
    render(<PasswordStrengthMeter password="password123" />);
    expect(
      await screen.findByText("Password strength: Very weak.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("This is a commonly used password.")).toBeInTheDocument();
  });

  it("counts the person's own name as easy to guess", async () => {
    render(
      <PasswordStrengthMeter
        password="okonkwomarguerite"
        firstName="Marguerite"
        lastName="Okonkwo"
        email="m.okonkwo@example.com"
      />,
    );
    expect(
      await screen.findByText(PASSWORD_STRENGTH_MESSAGES.containsName, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it("calls a few unrelated words strong, with no reason to fix", async () => {
    render(<PasswordStrengthMeter password="violet kettle mornings" />);
    expect(
      await screen.findByText("Password strength: Very strong.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_STRENGTH_MESSAGES.tooGuessable)).not.toBeInTheDocument();
  });
});
