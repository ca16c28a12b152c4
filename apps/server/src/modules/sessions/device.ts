import UAParser from "ua-parser-js";

/** The longest name kept: a User-Agent is the client's to make up. */
const MAX_NAME = 60;

function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  const full = version ? `${name} ${version}` : name;
  return full.slice(0, MAX_NAME);
}

/**
 * The browser and system of a User-Agent as people name them ("Chrome 131", "macOS"); null for
 * what it does not tell. Only these names are stored, never the User-Agent itself.
 */
export function describeDevice(userAgent: string | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = UAParser(userAgent.slice(0, 1000));
  // Browsers freeze macOS at 10.15.7 in the User-Agent: its version says nothing.
  const osName = os.name === "Mac OS" ? "macOS" : os.name;
  const osVersion = osName === "macOS" ? undefined : os.version?.split(".")[0];
  return { browser: named(browser.name, browser.major), os: named(osName, osVersion) };
}
