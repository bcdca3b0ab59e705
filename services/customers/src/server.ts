// Telemetry first: it must hook module loading before anything imports pg or fastify.
import { startTelemetryFromEnv } from '@billpoint/kit/telemetry';

startTelemetryFromEnv('customers');
const { runService } = await import('@billpoint/kit');
const { customersService } = await import('./app.ts');
await runService(customersService);
