import { runMigrationsMain } from '@billpoint/kit';
import { billingService } from './app.ts';

await runMigrationsMain(billingService);
