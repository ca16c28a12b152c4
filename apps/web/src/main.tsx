// Before anything loads zod.
import "./lib/zod-config.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { preloadFirstCardPhoto } from "./features/feed/lib/preload-first-photo.ts";
import { listenForPreloadErrors } from "./lib/chunk-load.ts";
import { startEarlyReads } from "./lib/early-reads.ts";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import "./index.css";

startEarlyReads();
void preloadFirstCardPhoto();
listenForPreloadErrors();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
