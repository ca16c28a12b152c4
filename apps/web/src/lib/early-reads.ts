/**
 * The reads the server told the browser to preload for this screen (`<link rel="preload"
 * as="fetch">`, written only when the request carries a session: the session and the screen's
 * first data). They are asked for as soon as the entry runs, not when the screen's component first
 * renders, so that by the time it does the answers are in hand and it paints with them at once,
 * without a loading state and another render in between.
 *
 * Each read is taken once, by the first request for its address: after that, the screen's data
 * comes from the server as usual.
 */
type EarlyRead = {
  response: Promise<Response>;
  /** The parsed body, once a 2xx answer has arrived and been read. */
  body?: unknown;
  /** Settles once the answer has been read (or has failed). */
  settled: Promise<void>;
};

const reads = new Map<string, EarlyRead>();

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Starts a read for every fetch preload of this site in the page's head. */
export function startEarlyReads(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = link.getAttribute("href");
    if (!url || reads.has(url) || !sameOrigin(url)) continue;
    // The same address and credentials as the preload, so the browser hands its answer over.
    const response = fetch(url, {
      headers: { Accept: "application/json" },
      credentials: "include",
    });
    const read: EarlyRead = {
      response,
      settled: response
        .then((answer) => (answer.ok ? answer.clone().json() : undefined))
        .then(
          (body: unknown) => {
            read.body = body;
          },
          () => {},
        ),
    };
    reads.set(url, read);
  }
}

/**
 * The body of the early read of `url` if its 2xx answer is already in and parsed, taken once.
 * Undefined when there is none, or it is still on its way or failed: the request that follows
 * then takes its response (takeEarlyResponse).
 */
export function takeEarlyBody<T>(url: string): T | undefined {
  const read = reads.get(url);
  if (read?.body === undefined) return undefined;
  reads.delete(url);
  return read.body as T;
}

/** The response of the early read of `url`, whatever it is or will be, taken once. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  return read.response;
}

/**
 * The body of the early read of `url` once its answer is in (undefined when there is none, or
 * it failed), without taking it: the query that renders the screen still takes it.
 */
export async function whenEarlyBody<T>(url: string): Promise<T | undefined> {
  const read = reads.get(url);
  if (!read) return undefined;
  await read.settled;
  return read.body as T | undefined;
}

/** Settles once every early read not yet taken has been answered and read (or has failed). */
export async function earlyReadsSettled(): Promise<void> {
  await Promise.all([...reads.values()].map((read) => read.settled));
}

/** Forgets every early read (tests start each case without them). */
export function clearEarlyReads(): void {
  reads.clear();
}
