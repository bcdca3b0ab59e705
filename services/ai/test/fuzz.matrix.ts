import { defineFuzzMatrix } from '@billpoint/kit/testing';

/** Hostile input of every ai route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'ai',
  file: 'services/ai/test/fuzz.matrix.ts',
  async setup() {
    return {};
  },
  routes: {},
});
