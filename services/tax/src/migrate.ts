import { runMigrationsMain } from '@billpoint/kit';
import { taxService } from './app.ts';

await runMigrationsMain(taxService);
