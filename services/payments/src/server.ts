// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('payments');
const { runService } = await import('@billpoint/kit');
const { paymentsService } = await import('./app.ts');
await runService(paymentsService);
