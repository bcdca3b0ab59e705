import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { FastifyPluginCallback } from 'fastify';

let sdk: NodeSDK | undefined;
let fastifyOtel: FastifyOtelInstrumentation | undefined;

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; tracing stays off without it (unless span processors are given, as tests do). */
  endpoint?: string;
  spanProcessors?: SpanProcessor[];
}

/**
 * Starts OpenTelemetry once per process: Fastify (server spans), pg (query spans); the bus carries the
 * context in message headers. Off, silently, without an endpoint.
 */
export function startTelemetry(o: TelemetryOptions): boolean {
  if (sdk) return true;
  if (!o.endpoint && !o.spanProcessors?.length) return false;
  if (process.env.OTEL_SDK_DISABLED === 'true' && !o.spanProcessors?.length) return false;
  fastifyOtel = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  sdk = new NodeSDK({
    serviceName: o.serviceName,
    spanProcessors: o.spanProcessors ?? [],
    traceExporter: o.spanProcessors?.length ? undefined : new OTLPTraceExporter({ url: `${o.endpoint!.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [fastifyOtel, new PgInstrumentation({ requireParentSpan: true })],
  });
  sdk.start();
  return true;
}

/** The Fastify plugin that makes server spans, when telemetry runs. */
export function otelPlugin(): FastifyPluginCallback | undefined {
  return fastifyOtel?.plugin() as FastifyPluginCallback | undefined;
}

export async function stopTelemetry() {
  const s = sdk;
  sdk = undefined;
  fastifyOtel = undefined;
  await s?.shutdown();
}
