/**
 * The web tests that need a module registry of their own. The others share one per worker
 * (`isolate: false` in vite.config.ts): jsdom and the app's modules are set up once per worker
 * instead of once per file, which took the web tests from 223 s to 87-124 s on two cores
 * (docs/benchmarks/2026-11-30-web-tests-shared-modules.md). These replace a module with
 * vi.mock or start from fresh copies (vi.resetModules), or assert what a screen shows before a
 * lazily loaded module has arrived in the page, which another file may already have loaded.
 */
export const ISOLATED_WEB_TESTS = [
  // Deletes the account, then awaits the landing page's toast: once in three shuffled runs with
  // shared modules it ended on the log-in page instead (a refetch of the session, now refused).
  "src/features/account/components/account-sections.test.tsx",
  "src/components/ui/toast.test.tsx",
  "src/features/auth/routes/login-passkeys.test.tsx",
  "src/features/chat/lib/use-chat-socket.test.tsx",
  "src/features/feed/components/deck.test.tsx",
  "src/features/feed/components/swipe-deck.test.tsx",
  "src/lib/after-screen-settled.test.ts",
];
