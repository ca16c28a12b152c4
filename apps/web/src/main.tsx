// Before anything loads zod.
import "./lib/zod-config.ts";
import { createRoot } from "react-dom/client";
import { paths } from "./config/paths.ts";
import { preloadFirstCardPhoto } from "./features/feed/lib/preload-first-photo.ts";
import { activateLocale, initialLocale } from "./i18n/locale.ts";
import { listenForPreloadErrors, recoverFromChunkError } from "./lib/chunk-load.ts";
import { startEarlyReads } from "./lib/early-reads.ts";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import { hasSessionHint } from "./lib/session-hint.ts";
import "./index.css";

startEarlyReads();
void preloadFirstCardPhoto();
listenForPreloadErrors();
registerServiceWorker();

const element = document.getElementById("root");
if (!element) throw new Error("The page has no #root element");
const root = createRoot(element);

// A visitor's landing page draws without the router (decision 127); every other screen, and the
// landing page of someone signed in, starts the app. The server names the chunks each needs in
// index.html, so either loads beside this entry.
const loadApp = () => import("./app/app.tsx");
// Spanish or Arabic messages load beside the first screen's code; English needs none.
const language = activateLocale(initialLocale());
const start =
  window.location.pathname === paths.landing && !hasSessionHint()
    ? Promise.all([import("./app/landing-first.tsx"), language]).then(([{ startLanding }]) =>
        startLanding(root, loadApp),
      )
    : Promise.all([loadApp(), language]).then(([{ startApp }]) => startApp(root));
// A file a deploy removed: the page reloads once (chunk-load.ts).
start.catch(() => void recoverFromChunkError());
