/** What the benchmarks that start the built server as a child process share. */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server at base is ready (120 s at most); `output` is shown when it is not. */
export async function waitUntilReady(
  child: ChildProcess,
  base: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output()}`);
    try {
      const ready = await fetch(`${base}/api/ready`);
      // A server without /api/ready (older builds) is ready when /api/health answers.
      const response = ready.status === 404 ? await fetch(`${base}/api/health`) : ready;
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer within 120 s:\n${output()}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timeout);
}
