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

  it("drops a waiting toast whose time ran out before the toaster listened", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    renderToaster();
    act(() => {
      toasts.showToast("Too late to matter", { durationMs: 1_000 });
      toasts.showToast("Still worth reading", { durationMs: 10_000 });
      // Offline for a while: the code arrives five seconds after the toasts were asked for.
      vi.setSystemTime(Date.now() + 5_000);
    });
    expect(await screen.findByText("Still worth reading")).toBeInTheDocument();
    expect(screen.queryByText("Too late to matter")).not.toBeInTheDocument();
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
