/**
 * OpenTelemetry for a process: on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test passes span
 * processors). Server spans come from @fastify/otel (registered per Fastify instance by the kit), client
 * spans for Postgres from the pg instrumentation, and the bus carries the context in message headers.
 *
 * Import and start this BEFORE anything that imports `pg` (see each `src/server.ts`): under ESM the pg
 * instrumentation needs the import-in-the-middle loader hook registered first.
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
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

export function startTelemetry(o: TelemetryOptions): boolean {
  if (sdk) return true;
  if (!o.endpoint && !o.spanProcessors?.length) return false;
  if (process.env.OTEL_SDK_DISABLED === 'true' && !o.spanProcessors?.length) return false;
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  fastifyOtel = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  sdk = new NodeSDK({
    serviceName: o.serviceName,
    spanProcessors: o.spanProcessors,
    traceExporter: o.spanProcessors?.length ? undefined : new OTLPTraceExporter({ url: `${o.endpoint!.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [fastifyOtel, new PgInstrumentation({ requireParentSpan: true })],
  });
  sdk.start();
  void waitForAllMessagesAcknowledged();
  return true;
}

/** Starts telemetry from the environment; call first thing in a process entry point. */
export function startTelemetryFromEnv(serviceName: string, env: Record<string, string | undefined> = process.env) {
  return startTelemetry({ serviceName: env.OTEL_SERVICE_NAME || serviceName, endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined });
}

/** The Fastify plugin that makes server spans, when telemetry runs. */
export function otelPlugin(): FastifyPluginCallback | undefined {
  return fastifyOtel?.plugin() as FastifyPluginCallback | undefined;
}

/** Flushes and stops the exporter (the kit calls it on shutdown). */
export async function stopTelemetry() {
  const s = sdk;
  sdk = undefined;
  fastifyOtel = undefined;
  await s?.shutdown();
}
