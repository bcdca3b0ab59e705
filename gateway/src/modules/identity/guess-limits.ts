import { createHash } from 'node:crypto';
import { TooManyRequests } from '@billpoint/kit';
import type { Take, WindowCounter } from './window-counter.ts';

/** Failed checks of one account's password or second factor (sign-in and signed in alike) within ACCOUNT_WINDOW_MS. */
export const ACCOUNT_MAX_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** The window of the per-IP sign-in failures (their number is SIGN_IN_FAILURES_PER_IP). */
export const SIGN_IN_IP_WINDOW_MS = 15 * 60_000;
/** The window of the per-IP sign-ups (their number is SIGN_UPS_PER_IP). */
export const SIGN_UP_IP_WINDOW_MS = 60 * 60_000;

/** 429 with the seconds until the counter that refused frees up (the error handler sends them as Retry-After). */
export function throttled(message: string, retryAfterMs: number) {
  return new TooManyRequests(message, Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.';
const TOO_MANY_CHECKS = 'Too many failed attempts. Please try again later.';

// E-mail addresses are kept out of the counters' keys (Redis holds only a digest).
const digest = (v: string) => createHash('sha256').update(v.toLowerCase()).digest('base64url');
const keys = {
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  signUpIp: (ip: string) => `sign-up:ip:${ip}`,
  account: (email: string) => `account:${digest(email)}`,
  accountIp: (email: string, ip: string) => `account-ip:${digest(email)}:${ip}`,
  session: (sessionId: string) => `session:${digest(sessionId)}`,
};

/** The slots one guess holds; what happens to them once the answer is known. */
export class Guess {
  readonly #counter: WindowCounter;
  readonly #held: string[];
  readonly #account?: { email: string; ip: string };
  /** The account's own counter was full when this guess came: the account is locked. */
  readonly accountLocked: boolean;
  /** Until the account's lock ends (when locked). */
  readonly accountRetryAfterMs: number;

  constructor(counter: WindowCounter, held: string[], account: Take, owner?: { email: string; ip: string }) {
    this.#counter = counter;
    this.#held = held;
    this.#account = owner;
    this.accountLocked = !account.taken;
    this.accountRetryAfterMs = account.retryAfterMs;
  }

  /** Wrong: every slot stays taken until its window ends (a failure is never given back). */
  failed() {}

  /** Nothing was guessed (a right password still waiting for its code, a refusal before any check): the slots go back. */
  async notAGuess() {
    await Promise.all(this.#held.map((k) => this.#counter.release(k)));
  }

  /** Right: the slots go back and, on a sign-in, the account's failures (all of them, as before) are forgotten. */
  async succeeded() {
    await this.notAGuess();
    if (this.#account)
      await Promise.all([
        this.#counter.reset(keys.account(this.#account.email)),
        this.#counter.reset(keys.accountIp(this.#account.email, this.#account.ip)),
      ]);
  }

  /** The answer to a guess made while the account is locked (whatever was wrong in it). */
  lockedOut() {
    return throttled(TOO_MANY_SIGN_INS, this.accountRetryAfterMs);
  }
}

/**
 * The limits on guessing passwords and second factors, counted in a WindowCounter (Redis shared by the replicas, or
 * in memory). A slot is taken before anything is checked and kept when the check fails, so parallel requests cannot
 * check more than the limit between them.
 *
 * - Per client IP across accounts: SIGN_IN_FAILURES_PER_IP failed sign-ins per 15 minutes (failures count, not
 *   attempts: an office behind one address signing in every morning does not use it up), SIGN_UPS_PER_IP sign-ups
 *   (attempts) per hour.
 * - Per account and client IP: ACCOUNT_MAX_FAILURES failed checks per 15 minutes (sign-in password and second factor,
 *   and the signed-in checks: current password, two-factor disable), then 429 from that address only.
 * - Per account from every address: ACCOUNT_MAX_FAILURES, then the account is locked. A lock must not let a stranger
 *   who knows the address keep the owner out, so it does not refuse the owner's credentials: an account with
 *   two-factor still signs in with the right password together with a valid code (without a code the password is not
 *   checked at all — no oracle for the guesser — and the code is asked for), and an account without two-factor is
 *   held back only per address (the guesser's address is refused, the owner elsewhere is not). The price: guesses at
 *   an account without two-factor from many addresses are bounded by the per-address limits alone.
 * - Per session: ACCOUNT_MAX_FAILURES failed signed-in checks per 15 minutes.
 */
export class GuessLimits {
  readonly #counter: WindowCounter;
  readonly #signInFailuresPerIp: number;
  readonly #signUpsPerIp: number;

  constructor(counter: WindowCounter, o: { signInFailuresPerIp: number; signUpsPerIp: number }) {
    this.#counter = counter;
    this.#signInFailuresPerIp = o.signInFailuresPerIp;
    this.#signUpsPerIp = o.signUpsPerIp;
  }

  /** A sign-up from `ip` (each one counts): 429 over the address's allowance. */
  async signUp(ip: string) {
    const t = await this.#counter.take(keys.signUpIp(ip), this.#signUpsPerIp, SIGN_UP_IP_WINDOW_MS);
    if (!t.taken) throw throttled('Too many sign-ups from your network. Please try again later.', t.retryAfterMs);
  }

  /** Slots for a sign-in of `email` from `ip`, before its password is checked: 429 when the address has none left. */
  async signIn(email: string, ip: string): Promise<Guess> {
    return this.#guess(
      [
        { key: keys.signInIp(ip), limit: this.#signInFailuresPerIp, windowMs: SIGN_IN_IP_WINDOW_MS, message: TOO_MANY_SIGN_INS },
        { key: keys.accountIp(email, ip), limit: ACCOUNT_MAX_FAILURES, windowMs: ACCOUNT_WINDOW_MS, message: TOO_MANY_SIGN_INS },
      ],
      email,
      { email, ip },
    );
  }

  /**
   * Slots for a signed-in check of the account's password or code (`session`: the session's id), before it is made:
   * 429 when the session or the account from this address has none left. Its failures count toward the account's lock.
   */
  async factorCheck(email: string, ip: string, session: string): Promise<Guess> {
    return this.#guess(
      [
        { key: keys.session(session), limit: ACCOUNT_MAX_FAILURES, windowMs: ACCOUNT_WINDOW_MS, message: TOO_MANY_CHECKS },
        { key: keys.accountIp(email, ip), limit: ACCOUNT_MAX_FAILURES, windowMs: ACCOUNT_WINDOW_MS, message: TOO_MANY_CHECKS },
      ],
      email,
    );
  }

  async #guess(
    slots: { key: string; limit: number; windowMs: number; message: string }[],
    email: string,
    owner?: { email: string; ip: string },
  ): Promise<Guess> {
    const held: string[] = [];
    for (const s of slots) {
      const t = await this.#counter.take(s.key, s.limit, s.windowMs);
      if (!t.taken) {
        // Refused before any check: the slots taken so far were not used.
        await Promise.all(held.map((k) => this.#counter.release(k)));
        throw throttled(s.message, t.retryAfterMs);
      }
      held.push(s.key);
    }
    const account = await this.#counter.take(keys.account(email), ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS);
    if (account.taken) held.push(keys.account(email));
    return new Guess(this.#counter, held, account, owner);
  }

  /** A password reset by the owner: the account's lock ends (the failures of every address stay with their address). */
  async accountRecovered(email: string) {
    await this.#counter.reset(keys.account(email));
  }
}
