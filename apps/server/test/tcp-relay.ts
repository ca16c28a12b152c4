import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

const DEFAULT_PORTS: Record<string, number> = {
  "postgres:": 5432,
  "postgresql:": 5432,
  "redis:": 6379,
};

/**
 * A TCP relay to a server (PostgreSQL, Redis) that a test can cut, every connection at once, and
 * restore: the service going down and coming back, as the app sees it.
 */
export async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = tcpConnect(
          Number(target.port) || DEFAULT_PORTS[target.protocol] || 0,
          target.hostname,
        );
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server?.address();
        port = typeof address === "object" && address ? address.port : 0;
        resolve();
      });
    });
  await start();
  return {
    url: () => {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    /** Refuses new connections and cuts the open ones, as a server that went down. */
    cut: async () => {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: start,
  };
}
