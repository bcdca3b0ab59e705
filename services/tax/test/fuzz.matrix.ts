import { defineFuzzMatrix } from '@billpoint/kit/testing';

/** Hostile input of every tax route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix({
  service: 'tax',
  file: 'services/tax/test/fuzz.matrix.ts',
  async setup() {
    return {};
  },
  routes: {},
});
