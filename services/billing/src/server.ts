// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('billing');
const { runService } = await import('@billpoint/kit');
const { billingService } = await import('./app.ts');
await runService(billingService);
