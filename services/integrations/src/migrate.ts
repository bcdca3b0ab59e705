import { runMigrationsMain } from '@billpoint/kit';
import { integrationsService } from './app.ts';

await runMigrationsMain(integrationsService);
