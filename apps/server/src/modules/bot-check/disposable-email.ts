import { createRequire } from "node:module";
import { BOT_CHECK_MESSAGES } from "@kindred/shared";
import type { Config } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { botCheckSettings } from "./service.ts";

let domains: Set<string> | undefined;

/** The disposable-email-domains list (about 120,000 domains), read once on first use. */
function disposableDomains(): Set<string> {
  if (!domains) {
    const list = createRequire(import.meta.url)("disposable-email-domains") as string[];
    domains = new Set(list);
  }
  return domains;
}

/**
 * True when the address is at a throwaway mail service, or at a subdomain of one
 * (`x@inbox.mailinator.com`). Exported for every call that takes a new address.
 */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .split(".");
  const list = disposableDomains();
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (list.has(labels.slice(i).join("."))) return true;
  }
  return false;
}

/**
 * 400 DISPOSABLE_EMAIL with a field error on `path` when BLOCK_DISPOSABLE_EMAIL is on (the
 * default) and the address is at a throwaway mail service.
 */
export function refuseDisposableEmail(config: Config, email: string, path = "emailId"): void {
  if (!botCheckSettings(config).blockDisposableEmail || !isDisposableEmail(email)) return;
  throw new HttpError(400, "DISPOSABLE_EMAIL", BOT_CHECK_MESSAGES.disposableEmail, [
    { path, message: BOT_CHECK_MESSAGES.disposableEmail },
  ]);
}

/** Reads the list now, so the first sign-up does not wait for it. */
export function preloadDisposableDomains(): void {
  disposableDomains();
}
