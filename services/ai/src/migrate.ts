import { runMigrationsMain } from '@billpoint/kit';
import { aiService } from './app.ts';

await runMigrationsMain(aiService);
