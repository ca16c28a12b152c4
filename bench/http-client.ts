// What the benchmarks' clients share: reading a cookie from an answer, and the ws package's
// WebSocket (the server's own dependency), typed for what they use of it.
import { createRequire } from "node:module";

/** One cookie's value from an answer's Set-Cookie headers. */
export function cookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [key, value] = (pair ?? "").split("=");
    if (key === name) return value;
  }
  return undefined;
}

export type ClientSocket = {
  readonly readyState: number;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
};

export const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;
