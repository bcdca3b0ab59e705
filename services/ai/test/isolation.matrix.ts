import { defineIsolationMatrix } from '@billpoint/kit/testing';

/** Tenant isolation of every ai route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'ai',
  file: 'services/ai/test/isolation.matrix.ts',
  async seed() {
    return {};
  },
  secrets: (_s, t) => [t.tag, t.tenantId],
  routes: {},
});
