import type { Me } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { firstLoad, sampleMe } from "@/test/render.tsx";
import { AccountMenu } from "./account-menu.tsx";

describe("account menu", () => {
  it("opens from a key pressed before its code has loaded, on the first item", async () => {
    const onLogout = vi.fn();
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <AccountMenu me={sampleMe as Me} onCopyProfileUrl={() => {}} onLogout={onLogout} />
        ),
      },
    ]);
    renderWithQueryClient(<RouterProvider router={router} />);
    const user = userEvent.setup();

    // The button is there at once; the menu's code is still on its way.
    const button = screen.getByRole("button", { name: "Open account menu" });
    button.focus();
    await user.keyboard("{Enter}");

    const menu = await screen.findByRole("menu", { name: "Open account menu" }, firstLoad);
    await waitFor(() => expect(within(menu).getAllByRole("menuitem")[0]).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open account menu" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Open account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
