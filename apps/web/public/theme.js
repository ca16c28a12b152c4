// Applies the stored theme before the first paint, so a dark page never flashes white.
// External on purpose: the Content-Security-Policy allows no inline script.
try {
  if (localStorage.getItem("theme") === "dark") {
    document.documentElement.setAttribute("data-theme", "dark");
  }
} catch (_) {
  // No storage (private mode): the page stays light, as it would anyway.
}
