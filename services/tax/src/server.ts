// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('tax');
const { runService } = await import('@billpoint/kit');
const { taxService } = await import('./app.ts');
await runService(taxService);
