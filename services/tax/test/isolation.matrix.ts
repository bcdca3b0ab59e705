import { defineIsolationMatrix } from '@billpoint/kit/testing';

/** Tenant isolation of every tax route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'tax',
  file: 'services/tax/test/isolation.matrix.ts',
  async seed() {
    return {};
  },
  secrets: (_s, t) => [t.tag, t.tenantId],
  routes: {},
});
