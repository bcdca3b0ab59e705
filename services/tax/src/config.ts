import { z } from 'zod';
import { baseConfigShape } from '@billpoint/kit';

export const configSchema = z.object({
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(8084),
});
export type Config = z.output<typeof configSchema>;
