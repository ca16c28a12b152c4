import { StrictMode, useState } from "react";
import type { Root } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers.tsx";
import { createAppRouter } from "./router.tsx";

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Draws the whole app, its router reading the address the page is at now. */
export function startApp(root: Root) {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
