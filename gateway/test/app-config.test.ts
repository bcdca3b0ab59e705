import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppConfig } from '@billpoint/proto';
import { appConfigRoutes } from '../src/modules/web/app-config.routes.ts';
import { configSchema } from '../src/config.ts';

async function answer(maintenanceNotice: string | undefined) {
  const app = Fastify();
  appConfigRoutes(app, { maintenanceNotice });
  const res = await app.inject({ method: 'GET', url: '/api/config' });
  await app.close();
  return { status: res.statusCode, body: AppConfig.parse(res.json()) };
}

describe('GET /api/config', () => {
  it("answers the operator's MAINTENANCE_NOTICE, and null when it is unset or blank", async () => {
    expect(await answer('Maintenance on Sunday 02:00 UTC.')).toEqual({
      status: 200,
      body: { maintenanceNotice: 'Maintenance on Sunday 02:00 UTC.' },
    });
    expect(await answer(undefined)).toEqual({ status: 200, body: { maintenanceNotice: null } });
    expect(await answer('   ')).toEqual({ status: 200, body: { maintenanceNotice: null } });
  });

  it('MAINTENANCE_NOTICE is an optional setting of the gateway, at most 500 characters', () => {
    const shape = configSchema.shape.MAINTENANCE_NOTICE;
    expect(shape.safeParse(undefined).success).toBe(true);
    expect(shape.safeParse('x'.repeat(500)).success).toBe(true);
    expect(shape.safeParse('x'.repeat(501)).success).toBe(false);
  });
});
