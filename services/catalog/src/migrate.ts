import { runMigrationsMain } from '@billpoint/kit';
import { catalogService } from './app.ts';

await runMigrationsMain(catalogService);
