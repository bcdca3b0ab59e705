import { runService } from '@billpoint/kit';
import { customersService } from './app.ts';

await runService(customersService);
