// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('ai');
const { runService } = await import('@billpoint/kit');
const { aiService } = await import('./app.ts');
await runService(aiService);
