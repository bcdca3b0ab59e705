import type { User } from '@billpoint/proto';
import type { IsolationMatrix } from './support/isolation-matrix.ts';

/** The gateway's own routes (its proxied prefixes are covered by the owning services' matrices). */
export const gatewayIsolation: IsolationMatrix = {
  service: 'gateway',
  file: 'gateway/test/isolation.matrix.ts',
  async seed(a) {
    const me = (await a.get('/api/auth/user')).json as User & { organization?: { id: string; name: string } };
    return { ids: {}, secrets: [me.email, ...(me.organization ? [me.organization.id] : [])] };
  },
  routes: {
    'GET /api/auth/user': { expect: 'own' },
    'GET /api/login': { expect: 'skip', reason: 'the sign-in page: no tenant data' },
    'GET /api/login/login.js': { expect: 'skip', reason: 'a static asset of the sign-in page' },
    'GET /api/login/login.css': { expect: 'skip', reason: 'a static asset of the sign-in page' },
    'GET /api/callback': { expect: 'skip', reason: "completes the caller's own OpenID Connect sign-in (its signed state cookie)" },
    'POST /api/auth/register': { expect: 'skip', reason: 'creates a new user and organization for the caller' },
    'POST /api/auth/login': { expect: 'skip', reason: "signs the caller in with the caller's own credentials" },
    'POST /api/logout': { expect: 'skip', reason: "ends the caller's own session" },
    'GET /api/logout': { expect: 'skip', reason: "ends the caller's own session" },
  },
};
