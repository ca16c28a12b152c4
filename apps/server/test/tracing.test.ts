import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers.ts";

type ExportedSpan = {
  traceId: string;
  spanId: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
};
type TraceExport = {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: ExportedSpan[] }[];
  }[];
};

/** A local OTLP/HTTP collector: resolves each POST /v1/traces body as it arrives. */
async function startCollector() {
  const exports: { path: string; type: string | undefined; body: TraceExport }[] = [];
  let notify = () => {};
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      exports.push({
        path: request.url ?? "",
        type: request.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as TraceExport,
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
      notify();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports,
    /** Resolves once at least `count` exports have arrived. */
    received(count: number) {
      return new Promise<void>((resolve) => {
        notify = () => {
          if (exports.length >= count) resolve();
        };
        notify();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const attribute = (span: ExportedSpan, key: string) =>
  span.attributes.find((entry) => entry.key === key)?.value;

type LogLine = { msg?: string; route?: string; trace_id?: string; span_id?: string };

describe("OpenTelemetry traces", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let traced: FastifyInstance;
  let plain: FastifyInstance;
  const tracedLines: LogLine[] = [];
  const plainLines: LogLine[] = [];
  beforeAll(async () => {
    collector = await startCollector();
    [traced, plain] = await Promise.all([
      createTestApp(
        {
          logLevel: "info",
          tracing: { endpoint: `${collector.endpoint}/`, serviceName: "kindred-test" },
        },
        { logStream: { write: (line) => tracedLines.push(JSON.parse(line) as LogLine) } },
      ),
      createTestApp(
        { logLevel: "info" },
        { logStream: { write: (line) => plainLines.push(JSON.parse(line) as LogLine) } },
      ),
    ]);
    // The first app of a worker also migrates the template database, slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await Promise.all([traced?.close(), plain?.close()]);
    await collector?.close();
  });

  it("exports a span per request over OTLP, and the request's log line names its trace", async () => {
    const incoming = "0af7651916cd43dd8448eb211c80319c";
    const answer = await traced.inject({ method: "GET", url: "/api/stats" });
    expect(answer.statusCode).toBe(200);
    // A request that arrives inside someone else's trace continues it.
    const continued = await traced.inject({
      method: "GET",
      url: "/api/skills?q=py",
      headers: { traceparent: `00-${incoming}-b7ad6b7169203331-01` },
    });
    expect(continued.statusCode).toBe(200);
    // Closing sends what the batch still holds.
    await traced.close();
    await collector.received(1);

    const [first] = collector.exports;
    expect(first?.path).toBe("/v1/traces");
    expect(first?.type).toMatch(/^application\/json/);
    const resource = collector.exports.flatMap((entry) => entry.body.resourceSpans);
    expect(
      resource[0]?.resource.attributes.find((entry) => entry.key === "service.name")?.value
        .stringValue,
    ).toBe("kindred-test");
    const spans = resource.flatMap((entry) => entry.scopeSpans.flatMap((scope) => scope.spans));
    const requestSpan = (route: string) =>
      spans.find(
        (span) => span.name === "request" && attribute(span, "http.route")?.stringValue === route,
      );

    const stats = requestSpan("/api/stats");
    expect(stats).toBeDefined();
    expect(stats?.traceId).toMatch(/^[0-9a-f]{32}$/);
    const statsLine = tracedLines.find((line) => line.route === "/api/stats");
    expect(statsLine?.trace_id).toBe(stats?.traceId);
    expect(statsLine?.span_id).toMatch(/^[0-9a-f]{16}$/);

    const skills = requestSpan("/api/skills");
    expect(skills?.traceId).toBe(incoming);
    expect(tracedLines.find((line) => line.route === "/api/skills")?.trace_id).toBe(incoming);
  });

  it("adds nothing to the log without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    await plain.inject({ method: "GET", url: "/api/stats" });
    const line = plainLines.find((entry) => entry.route === "/api/stats");
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty("trace_id");
  });
});
