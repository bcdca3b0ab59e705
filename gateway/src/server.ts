import { runService } from '@billpoint/kit';
import { gatewayService } from './app.ts';

await runService(gatewayService);
