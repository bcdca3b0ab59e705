// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('catalog');
const { runService } = await import('@billpoint/kit');
const { catalogService } = await import('./app.ts');
await runService(catalogService);
