// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('gateway');
const { runService } = await import('@billpoint/kit');
const { gatewayService } = await import('./app.ts');
await runService(gatewayService);
