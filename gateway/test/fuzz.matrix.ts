import { defineFuzzMatrix } from '@billpoint/kit/testing';

/**
 * Hostile input of the gateway's own routes with a contract (run by contract-fuzz.test.ts). A register that is
 * accepted makes a new account (its session cookie is not kept); logins mostly fail, and repeated failures for one
 * e-mail answer 429, which the fuzzer takes as the refusal it is.
 */
export default defineFuzzMatrix({
  service: 'gateway',
  file: 'gateway/test/fuzz.matrix.ts',
  setup: async () => ({}),
  routes: {
    'POST /api/auth/register': {},
    'POST /api/auth/login': {},
  },
});
