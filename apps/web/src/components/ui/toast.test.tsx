import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test takes a fresh copy of the toast module: its state (the loaded toaster, the toasts
// waiting for it) lives as long as the page, as it does in the browser.
type ToastModule = typeof import("./toast.tsx");
let toasts: ToastModule;
let ThemeProvider: typeof import("./theme-toggle.tsx").ThemeProvider;

beforeEach(async () => {
  vi.resetModules();
  toasts = await import("./toast.tsx");
  ({ ThemeProvider } = await import("./theme-toggle.tsx"));
});

function renderToaster() {
  const { AppToaster } = toasts;
  return render(
    <ThemeProvider>
      <AppToaster />
    </ThemeProvider>,
  );
}

const toaster = () => screen.queryByRole("region", { name: /^Notifications/ });

/** A macrotask: anything already under way (a module load from the cache) has had its turn. */
const aTurn = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe("toasts", () => {
  it("draws no toaster until one is asked for, then loads it", async () => {
    renderToaster();
    await aTurn();
    expect(toaster()).not.toBeInTheDocument();

    act(() => toasts.loadToaster());
    expect(await screen.findByRole("region", { name: /^Notifications/ })).toBeInTheDocument();
  });

  it("shows a toast asked for before the toaster's code arrived, once it has", async () => {
    renderToaster();
    let id = "";
    act(() => {
      id = toasts.showToast("Saved before the code came", { variant: "success" });
    });
    expect(id).toMatch(/^toast-\d+$/);
    expect(await screen.findByText("Saved before the code came")).toBeInTheDocument();
    expect(toaster()).toBeInTheDocument();

    // Once it listens, a toast shows in the same turn.
    act(() => {
      toasts.showToast("Saved again");
    });
    expect(await screen.findByText("Saved again")).toBeInTheDocument();
  });

  it("shows a toast whose code came later than its own time, and drops one that waited too long", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { TOAST_WAIT_LIMIT_MS } = await import("@/config/ui.ts");
    renderToaster();
    act(() => {
      toasts.showToast("Asked for long ago");
      // Offline for a while: the next toast is asked for just before the code arrives.
      vi.setSystemTime(Date.now() + TOAST_WAIT_LIMIT_MS - 1_000);
      toasts.showToast("Please enter all details", { variant: "error" });
      // A slow phone: the code arrives 3.5 s later, past the toast's own 3 s.
      vi.setSystemTime(Date.now() + 3_500);
    });
    expect(await screen.findByText("Please enter all details")).toBeInTheDocument();
    expect(screen.queryByText("Asked for long ago")).not.toBeInTheDocument();
  });

  it("takes away a waiting toast that is dismissed before it shows", async () => {
    renderToaster();
    act(() => {
      const id = toasts.showToast("Never mind");
      toasts.showToast("Still here");
      toasts.dismissToast(id);
    });
    expect(await screen.findByText("Still here")).toBeInTheDocument();
    expect(screen.queryByText("Never mind")).not.toBeInTheDocument();
  });
});
