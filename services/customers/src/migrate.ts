import { runMigrationsMain } from '@billpoint/kit';
import { customersService } from './app.ts';

await runMigrationsMain(customersService);
