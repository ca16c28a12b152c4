import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { useZodForm } from "@/lib/form.ts";
import { PasswordField, PasswordInput } from "./password-field.tsx";

function Login({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useZodForm(z.object({ password: z.string().min(1, "Enter a password") }), {
    defaultValues: { password: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <PasswordField control={form.control} name="password" label="Password" />
      <button type="submit">Login</button>
    </form>
  );
}

describe("PasswordInput", () => {
  it("shows and hides the typed password with a pressed toggle", async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="Password" />);
    const input = screen.getByLabelText("Password", { selector: "input" });
    expect(input).toHaveAttribute("type", "password");
    const show = screen.getByRole("button", { name: "Show password" });
    expect(show).toHaveAttribute("aria-pressed", "false");
    await user.click(show);
    expect(input).toHaveAttribute("type", "text");
    const hide = screen.getByRole("button", { name: "Hide password" });
    expect(hide).toHaveAttribute("aria-pressed", "true");
    await user.click(hide);
    expect(input).toHaveAttribute("type", "password");
  });
});

describe("PasswordField", () => {
  it("binds to the form, shows its error, and the toggle never submits", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Login onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(onValid).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Enter a password")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Password", { selector: "input" }), "secret words");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(onValid).toHaveBeenCalledWith({ password: "secret words" }, expect.anything());
  });
});
