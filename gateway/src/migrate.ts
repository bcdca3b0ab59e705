import { runMigrationsMain } from '@billpoint/kit';
import { gatewayService } from './app.ts';

await runMigrationsMain(gatewayService);
