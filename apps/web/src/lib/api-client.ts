import type { Envelope, ErrorBody } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { apiUrl, type Query } from "./api-url.ts";
import { takeEarlyBody, takeEarlyResponse } from "./early-reads.ts";

/** An error answer from the API, carrying the contract's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[];
  readonly body: unknown;

  constructor(status: number, body: Partial<ErrorBody> | undefined, fallback: string) {
    super(body?.message || fallback);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? (status === 0 ? "NETWORK_ERROR" : "HTTP_ERROR");
    this.errors = body?.errors ?? [];
    this.body = body;
  }
}

/** A 401: the session (or the community token) is missing or no longer accepted. */
export function isUnauthenticated(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/** What to tell the user about a failed call: the server's sentence when there is one. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A write the server refused because the account is suspended (403 `SUSPENDED`). */
export function isSuspended(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === "SUSPENDED";
}

/** A write the server refused because the email is not verified yet (403 `EMAIL_UNVERIFIED`). */
export function isEmailUnverified(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === "EMAIL_UNVERIFIED";
}

type RefusalListener = (error: ApiError) => void;
const suspendedListeners = new Set<RefusalListener>();
const unverifiedListeners = new Set<RefusalListener>();

/** Hears every write answered 403 `EMAIL_UNVERIFIED`, as onSuspendedWrite does. */
export function onUnverifiedWrite(listener: RefusalListener): () => void {
  unverifiedListeners.add(listener);
  return () => unverifiedListeners.delete(listener);
}

/**
 * Hears every write answered 403 `SUSPENDED`, whichever screen sent it (a chat message, a post,
 * a request), so the app says why once, in one place. Returns the unsubscribe.
 */
export function onSuspendedWrite(listener: RefusalListener): () => void {
  suspendedListeners.add(listener);
  return () => suspendedListeners.delete(listener);
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the community's `Authorization: Bearer …`. */
  headers?: Record<string, string>;
  /** Sees a successful answer's headers (a list's `X-Next-Cursor`). */
  onHeaders?: (headers: Headers) => void;
};

let xsrfBootstrap: Promise<unknown> | undefined;

/**
 * The server sets the XSRF-TOKEN cookie on any GET, so a first visit that goes straight to an
 * unsafe call (signing up from a fresh tab) asks for it with the cheapest GET there is.
 */
async function ensureXsrfCookie(): Promise<void> {
  if (readCookie("XSRF-TOKEN")) return;
  xsrfBootstrap ??= request("GET", "/health")
    .catch(() => undefined)
    .finally(() => {
      xsrfBootstrap = undefined;
    });
  await xsrfBootstrap;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const unsafe = method !== "GET" && method !== "HEAD";
  // A file upload: the browser writes the multipart Content-Type with its boundary.
  const multipart = options.body instanceof FormData;
  if (unsafe) {
    await ensureXsrfCookie();
    if (!multipart) headers["Content-Type"] = "application/json";
    const xsrf = readCookie("XSRF-TOKEN");
    if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  }
  const url = apiUrl(path, options.query);
  let response: Response;
  try {
    // A read the page started early (early-reads.ts) answers the first request for its address.
    const early = method === "GET" ? takeEarlyResponse(url) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        credentials: "include",
        body: unsafe
          ? multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body ?? {})
          : undefined,
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, undefined, t`Network error: check your connection and try again.`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      body as Partial<ErrorBody> | undefined,
      response.statusText || t`Something went wrong`,
    );
    if (unsafe && isSuspended(error)) {
      for (const listener of suspendedListeners) listener(error);
    }
    if (unsafe && isEmailUnverified(error)) {
      for (const listener of unverifiedListeners) listener(error);
    }
    throw error;
  }
  options.onHeaders?.(response.headers);
  return body as T;
}

/**
 * The `data` of an envelope the page read early for `path` (early-reads.ts), taken once; the first
 * read of a screen's query, so it paints with its data at once.
 */
export function earlyData<T>(path: string, query?: Query): T | undefined {
  return takeEarlyBody<Envelope<T>>(apiUrl(path, query))?.data;
}

/** The only fetch wrapper: base URL, credentials, the XSRF header and typed errors. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) =>
    request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  /** A body is rare on DELETE but allowed (deleting the account re-enters the password). */
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};
