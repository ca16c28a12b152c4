import type { FastifyPluginCallback } from "fastify";
import type { TracingSettings } from "../config.ts";

export type Tracing = {
  /** @fastify/otel's plugin: a span per request, with a child per hook and handler. */
  plugin: FastifyPluginCallback;
  /** The log mixin: the active span's trace and span ids on every line written inside it. */
  logFields: () => Record<string, string>;
  /** Sends the spans still buffered, then stops. */
  shutdown: () => Promise<void>;
};

/** Scrapes and health checks come every few seconds and say nothing about a request's path. */
const UNTRACED = new Set(["/metrics", "/api/health", "/api/ready"]);

/**
 * OpenTelemetry for this process: spans of every request, sent in batches over OTLP/HTTP to
 * `<endpoint>/v1/traces`. The packages are imported here, on demand, so a server without
 * OTEL_EXPORTER_OTLP_ENDPOINT loads none of them.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  const [{ trace }, { FastifyOtelInstrumentation }, { OTLPTraceExporter }, resources, node] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@fastify/otel"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/sdk-trace-node"),
    ]);
  const exporter = new OTLPTraceExporter({
    url: `${settings.endpoint.replace(/\/+$/, "")}/v1/traces`,
  });
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ "service.name": settings.serviceName }),
    spanProcessors: [new node.BatchSpanProcessor(exporter)],
  });
  // The context manager (AsyncLocalStorage) and the W3C propagator are process-wide: the active
  // span follows a request through its awaits, and an incoming traceparent is continued.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => UNTRACED.has(url),
  });
  instrumentation.setTracerProvider(provider);
  return {
    plugin: instrumentation.plugin(),
    logFields: (): Record<string, string> => {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    shutdown: () => provider.shutdown(),
  };
}
