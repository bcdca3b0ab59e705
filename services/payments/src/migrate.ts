import { runMigrationsMain } from '@billpoint/kit';
import { paymentsService } from './app.ts';

await runMigrationsMain(paymentsService);
