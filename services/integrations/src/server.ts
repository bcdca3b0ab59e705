// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('integrations');
const { runService } = await import('@billpoint/kit');
const { integrationsService } = await import('./app.ts');
await runService(integrationsService);
