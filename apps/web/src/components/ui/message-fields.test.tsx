import { contactBodySchema } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useZodForm } from "@/lib/form.ts";
import { MessageFields } from "./message-fields.tsx";

function ContactBits({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useZodForm(contactBodySchema, {
    defaultValues: { name: "", email: "", message: "", website: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <MessageFields control={form.control} register={form.register} />
      <button type="submit">Send</button>
    </form>
  );
}

describe("MessageFields", () => {
  it("shows every field's error at once when a submit finds several wrong", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ContactBits onValid={onValid} />);
    await user.type(screen.getByLabelText("Name"), "Ana");
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveAttribute("aria-invalid", "true");
    expect(onValid).not.toHaveBeenCalled();
  });

  it("keeps each field's error line in place before any error, so leaving a field moves nothing below it", async () => {
    const user = userEvent.setup();
    render(<ContactBits onValid={vi.fn()} />);
    const email = screen.getByLabelText("Email");
    const line = document.getElementById(`${email.id}-error`);
    expect(line).toBeInTheDocument();
    expect(line).toBeEmptyDOMElement();
    expect(email).not.toHaveAttribute("aria-describedby");
    await user.type(email, "not-an-email");
    // The press on the submit button leaves the email field first; the message fills the kept line.
    await user.pointer({
      keys: "[MouseLeft>]",
      target: screen.getByRole("button", { name: "Send" }),
    });
    expect(document.getElementById(`${email.id}-error`)).toBe(line);
    expect(line).toHaveTextContent("Enter a valid email address");
    expect(email).toHaveAccessibleDescription("Enter a valid email address");
  });
});
