import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { OtpInput } from "./otp-input.tsx";

function Harness() {
  const [value, setValue] = useState("");
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const value = () => JSON.parse(screen.getByTestId("value").textContent ?? '""');

describe("OtpInput", () => {
  it("has six boxes and moves forward as digits are typed", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getAllByLabelText(/Digit \d of 6/)).toHaveLength(6);
    await user.click(box(1));
    await user.keyboard("4821");
    expect(value()).toBe("4821");
    expect(box(5)).toHaveFocus();
    expect(box(3)).toHaveValue("2");
  });

  it("ignores letters: each box takes one digit", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("a7b");
    expect(value()).toBe("7");
    expect(box(1)).toHaveValue("7");
    expect(box(2)).toHaveFocus();
  });

  it("clears and goes back on Backspace in an empty box", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("123");
    expect(box(4)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(box(3)).toHaveFocus();
    expect(value()).toBe("12");
    await user.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
    expect(value()).toBe("1");
  });

  it("keeps the other digits in place when one in the middle is cleared", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("123456");
    await user.click(box(3));
    await user.keyboard("{Delete}");
    expect(value()).toBe("12 456");
    expect(box(4)).toHaveValue("4");
    await user.keyboard("9");
    expect(value()).toBe("129456");
  });

  it("fills every box from a pasted 6-digit code, whatever box has focus", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste(" 314-159 ");
    expect(value()).toBe("314159");
    for (const [index, digit] of [..."314159"].entries()) {
      expect(box(index + 1)).toHaveValue(digit);
    }
    expect(box(6)).toHaveFocus();
  });
});
