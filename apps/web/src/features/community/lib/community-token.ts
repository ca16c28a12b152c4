import { type CommunityTokenClaims, communityTokenClaimsOf } from "@kindred/shared";
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@/config/ui.ts";

const CHANGE_EVENT = "kindred:community-token";

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.communityToken);
  } catch {
    return null;
  }
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.communityToken, token);
  } finally {
    notify();
  }
}

export function dropToken(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.communityToken);
  } finally {
    notify();
  }
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replaceAll("-", "+").replaceAll("_", "/");
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The token's claims, or null when it cannot be decoded or carries no id. */
export function decodeToken(token: string): CommunityTokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    return communityTokenClaimsOf(decodeSegment(parts[1]));
  } catch {
    return null;
  }
}

export function isExpired(claims: CommunityTokenClaims, now = Date.now()): boolean {
  return claims.exp !== undefined && claims.exp * 1000 <= now;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab joining or leaving.
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The stored token, following changes from this tab and others. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, () => null);
}

/** A usable token: stored, decodable, with an id and not expired. */
export type TokenState =
  | { kind: "none" }
  | { kind: "invalid" }
  | { kind: "valid"; token: string; claims: CommunityTokenClaims };

export function tokenState(token: string | null): TokenState {
  if (!token) return { kind: "none" };
  const claims = decodeToken(token);
  if (!claims || isExpired(claims)) return { kind: "invalid" };
  return { kind: "valid", token, claims };
}
