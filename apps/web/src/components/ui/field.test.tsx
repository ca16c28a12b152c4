import { ABOUT_MAX_LENGTH, profileEditBodySchema } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useZodForm } from "@/lib/form.ts";
import { Field, InputField, TextareaField } from "./field.tsx";

function ProfileBits({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useZodForm(profileEditBodySchema.pick({ about: true, photoUrl: true, age: true }), {
    defaultValues: { about: "", photoUrl: "", age: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextareaField
        control={form.control}
        name="about"
        label="About"
        maxLength={ABOUT_MAX_LENGTH}
      />
      <InputField control={form.control} name="photoUrl" label="Photo URL" hint="Leave empty." />
      <InputField control={form.control} name="age" label="Age" />
      <button type="submit">Save</button>
    </form>
  );
}

describe("Field", () => {
  it("labels its control and describes it with the hint, counter and error", () => {
    render(
      <Field label="About" hint="A few words." error="Too long" count={12} maxLength={10}>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const control = screen.getByLabelText("About");
    expect(control).toHaveAttribute("aria-invalid", "true");
    expect(control).toHaveAccessibleDescription("A few words. 12 / 10 Too long");
    expect(screen.getByText("12 / 10")).toHaveClass("text-error");
  });

  it("shows no counter without a limit and no error state without an error", () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    const control = screen.getByLabelText("Name");
    expect(control).not.toHaveAttribute("aria-invalid");
    expect(control).not.toHaveAttribute("aria-describedby");
  });
});

describe("fields driven by the shared schema", () => {
  it("counts characters live and shows the server's rule under the field before any request", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<ProfileBits onValid={onValid} />);
    const about = screen.getByLabelText("About");
    await user.click(about);
    await user.paste("x".repeat(ABOUT_MAX_LENGTH + 1));
    expect(screen.getByText(`${ABOUT_MAX_LENGTH + 1} / ${ABOUT_MAX_LENGTH}`)).toHaveClass(
      "text-error",
    );
    await user.type(screen.getByLabelText("Photo URL"), "ftp://example.com/me.png");
    await user.type(screen.getByLabelText("Age"), "7");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(about).toHaveAccessibleDescription(/About must be at most 500 characters/);
    expect(screen.getByLabelText("Photo URL")).toHaveAccessibleDescription(
      /Photo URL must be an http\(s\) URL/,
    );
    expect(screen.getByLabelText("Age")).toHaveAccessibleDescription(
      /Age must be a whole number from 13 to 120/,
    );
    expect(onValid).not.toHaveBeenCalled();
  });

  it("clears a message as soon as the value follows the rule and submits the schema's output", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<ProfileBits onValid={onValid} />);
    const age = screen.getByLabelText("Age");
    await user.type(age, "7");
    await user.tab();
    expect(age).toHaveAccessibleDescription(/Age must be a whole number/);
    await user.type(age, "7");
    expect(age).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onValid).toHaveBeenCalledWith({ about: "", photoUrl: null, age: 77 }, expect.anything());
  });
});
