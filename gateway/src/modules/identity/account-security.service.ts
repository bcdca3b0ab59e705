import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AccountSecurityMessages,
  type ChangePasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@billpoint/proto';
import { Conflict, Invalid, NotFound, type Logger } from '@billpoint/kit';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep, type SecretBox } from './two-factor.ts';
import type { GuessLimits } from './guess-limits.ts';

/** A password reset link works this long, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many reset e-mails per account per RESET_MAIL_WINDOW_MS (more requests still answer 202). */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60_000;

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('base64url');

interface UserSecurityRow {
  id: string;
  email: string;
  password_hash: string | null;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
}

/** Who makes a signed-in check of a password or code: the client's address and the session's id (its guess limits). */
export interface CheckedFrom {
  ip: string;
  session: string;
}

/** What a sign-in's second factor came to. */
export type SecondFactor = 'not-enabled' | 'missing' | 'passed' | 'wrong';

/**
 * Password reset and change, two-factor sign-in (TOTP with recovery codes) and the organization's "require two-factor"
 * rule. Sessions are the SessionStore's; the routes end them where a rule says so.
 */
export class AccountSecurityService {
  readonly #orm: MikroORM;
  readonly #box: SecretBox;
  readonly #mail: (m: AccountMail) => Promise<unknown>;
  readonly #publicUrl: string;
  readonly #log: Logger;
  readonly #limits?: GuessLimits;

  constructor(o: {
    orm: MikroORM;
    box: SecretBox;
    mail: (m: AccountMail) => Promise<unknown>;
    publicUrl: string;
    logger: Logger;
    /** The guess limits of the signed-in checks (current password, two-factor disable). */
    limits?: GuessLimits;
  }) {
    this.#orm = o.orm;
    this.#limits = o.limits;
    this.#box = o.box;
    this.#mail = o.mail;
    this.#publicUrl = o.publicUrl.replace(/\/$/, '');
    this.#log = o.logger;
  }

  #sql<T>(sql: string, params: unknown[] = []) {
    return this.#orm.em.getConnection().execute<T[]>(sql, params);
  }

  async #user(userId: string): Promise<UserSecurityRow> {
    const [u] = await this.#sql<UserSecurityRow>(
      `select id, email, password_hash, two_factor_secret, two_factor_pending_secret, two_factor_enabled_at
         from gateway.users where id = ?`,
      [userId],
    );
    if (!u) throw new NotFound('Unknown user');
    return u;
  }

  // ── Password reset ────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Starts a reset for the account of `email`, if there is one: a 256-bit token (its SHA-256 kept), valid an hour,
   * e-mailed as a /reset-password/{token} link. The caller answers 202 either way; the e-mail goes out after the
   * answer, so an existing and an unknown address take the same time. An account gets at most
   * RESET_MAILS_PER_WINDOW such mails an hour (a flood of requests for one address sends no flood of mails).
   */
  async requestReset(email: string): Promise<{ mailed: Promise<void> } | null> {
    const [u] = await this.#sql<{ id: string; email: string; recent: string }>(
      `select u.id, u.email,
              (select count(*) from gateway.password_resets r where r.user_id = u.id and r.created_at > ?) as recent
         from gateway.users u where lower(u.email) = ?`,
      [new Date(Date.now() - RESET_MAIL_WINDOW_MS), email.toLowerCase()],
    );
    if (!u || Number(u.recent) >= RESET_MAILS_PER_WINDOW) return null;
    const token = randomBytes(32).toString('base64url');
    await this.#sql(`insert into gateway.password_resets (token_hash, user_id, expires_at) values (?, ?, ?)`, [
      sha256(token),
      u.id,
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    ]);
    const link = `${this.#publicUrl}/reset-password/${token}`;
    const mailed = this.#mail({
      to: u.email,
      subject: 'Reset your Billpoint password',
      text: [
        'Someone (hopefully you) asked to reset the password of your Billpoint account.',
        '',
        `Choose a new password here: ${link}`,
        '',
        'The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    }).then(
      () => undefined,
      (err: unknown) => this.#log.error({ err }, 'could not send the password reset e-mail'),
    );
    return { mailed };
  }

  /** True when the token of a reset link is unused and unexpired (the reset page says so before asking). */
  async resetTokenValid(token: string): Promise<boolean> {
    const [r] = await this.#sql<{ ok: boolean }>(
      `select 1 as ok from gateway.password_resets where token_hash = ? and used_at is null and expires_at > now()`,
      [sha256(token)],
    );
    return !!r;
  }

  /**
   * Sets the password of a reset link's account and uses the link up (with every other open link of the account).
   * The caller ends every session of the person. Ends the account's lock: the owner is back in.
   */
  async resetPassword(b: ResetPasswordBody): Promise<{ userId: string }> {
    const passwordHash = await hashPassword(b.password);
    const done = await this.#orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const [r] = await conn.execute<{ user_id: string }[]>(
        `update gateway.password_resets set used_at = now()
          where token_hash = ? and used_at is null and expires_at > now() returning user_id`,
        [sha256(b.token)],
      );
      if (!r) throw new Invalid(AccountSecurityMessages.resetInvalid, 'token');
      const [u] = await conn.execute<{ email: string }[]>(`update gateway.users set password_hash = ? where id = ? returning email`, [
        passwordHash,
        r.user_id,
      ]);
      await conn.execute(`update gateway.password_resets set used_at = now() where user_id = ? and used_at is null`, [r.user_id]);
      return { userId: r.user_id, email: u!.email };
    });
    await this.#limits?.accountRecovered(done.email);
    return { userId: done.userId };
  }

  /**
   * A signed-in check of the person's password or code: a slot of the guess limits is taken before `check` runs and
   * kept when it fails (429 with Retry-After once the session or the account from this address has none left).
   */
  async #checked(u: UserSecurityRow, from: CheckedFrom | undefined, check: () => Promise<boolean>): Promise<boolean> {
    const guess = from && this.#limits ? await this.#limits.factorCheck(u.email, from.ip, from.session) : undefined;
    let ok: boolean;
    try {
      ok = await check();
    } catch (err) {
      await guess?.notAGuess(); // nothing was checked (the database failed)
      throw err;
    }
    if (ok) await guess?.succeeded();
    else guess?.failed();
    return ok;
  }

  /** Changes the password of a signed-in person who knows the current one (400 on `currentPassword` otherwise). */
  async changePassword(userId: string, b: ChangePasswordBody, from?: CheckedFrom): Promise<void> {
    const u = await this.#user(userId);
    const hash = u.password_hash;
    if (!hash) throw new Conflict('Your account signs in through your identity provider and has no password here');
    if (!(await this.#checked(u, from, () => verifyPassword(b.currentPassword, hash))))
      throw new Invalid(AccountSecurityMessages.currentPasswordWrong, 'currentPassword');
    await this.#sql(`update gateway.users set password_hash = ? where id = ?`, [await hashPassword(b.newPassword), userId]);
  }

  // ── Two-factor sign-in ────────────────────────────────────────────────────────────────────────────────────────

  async status(userId: string, tenantId: string): Promise<TwoFactorStatus> {
    const [r] = await this.#sql<{ enabled: boolean; left: string; required: boolean; has_password: boolean }>(
      `select u.two_factor_enabled_at is not null as enabled, u.password_hash is not null as has_password,
              (select count(*) from gateway.recovery_codes c where c.user_id = u.id and c.used_at is null) as left,
              (select o.require_two_factor from gateway.organizations o where o.id = ?) as required
         from gateway.users u where u.id = ?`,
      [tenantId, userId],
    );
    if (!r) throw new NotFound('Unknown user');
    return { enabled: r.enabled, recoveryCodesLeft: Number(r.left), requiredByOrganization: !!r.required, hasPassword: r.has_password };
  }

  /**
   * A new pending secret, kept encrypted in `two_factor_pending_secret`: it signs nothing in until `enable` confirms a
   * code of it (a new setup replaces an unconfirmed one). 409 while two-factor is on (turn it off first).
   */
  async setup(userId: string): Promise<TwoFactorSetup> {
    const u = await this.#user(userId);
    if (u.two_factor_enabled_at) throw new Conflict('Two-factor authentication is already on');
    const s = await newTotpSecret(u.email);
    await this.#sql(`update gateway.users set two_factor_pending_secret = ? where id = ?`, [this.#box.seal(s.secret), userId]);
    return s;
  }

  /** Confirms the pending secret with a code of it: two-factor is on, and ten new recovery codes are answered once. */
  async enable(userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
    const u = await this.#user(userId);
    if (u.two_factor_enabled_at) throw new Conflict('Two-factor authentication is already on');
    if (!u.two_factor_pending_secret) throw new Conflict('Set up two-factor authentication first');
    const step = await totpStep(this.#box.open(u.two_factor_pending_secret), code);
    if (step === null) throw new Invalid(AccountSecurityMessages.codeWrong, 'code');
    const { codes, hashes } = newRecoveryCodes();
    await this.#orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const done = await conn.execute<{ id: string }[]>(
        `update gateway.users
            set two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = null,
                two_factor_enabled_at = now(), two_factor_last_step = ?
          where id = ? and two_factor_pending_secret = ? and two_factor_enabled_at is null returning id`,
        [step, userId, u.two_factor_pending_secret],
      );
      if (!done.length) throw new Conflict('Set up two-factor authentication again');
      await conn.execute(`delete from gateway.recovery_codes where user_id = ?`, [userId]);
      for (const h of hashes) await conn.execute(`insert into gateway.recovery_codes (user_id, code_hash) values (?, ?)`, [userId, h]);
    });
    return { recoveryCodes: codes };
  }

  /**
   * Turns two-factor off, confirmed by a current code or the password. Refused (409) while the organization requires it.
   */
  async disable(userId: string, tenantId: string, b: TwoFactorDisableBody, from?: CheckedFrom): Promise<void> {
    const u = await this.#user(userId);
    const secret = u.two_factor_secret;
    if (!u.two_factor_enabled_at || !secret) throw new Conflict('Two-factor authentication is not on');
    const st = await this.status(userId, tenantId);
    if (st.requiredByOrganization) throw new Conflict('Your organization requires two-factor authentication: it cannot be turned off');
    if ('code' in b) {
      if (!(await this.#checked(u, from, () => this.#useCode(userId, secret, b.code))))
        throw new Invalid(AccountSecurityMessages.codeWrong, 'code');
    } else {
      const hash = u.password_hash;
      if (!(await this.#checked(u, from, async () => !!hash && (await verifyPassword(b.password, hash)))))
        throw new Invalid('Password is incorrect', 'password');
    }
    await this.#orm.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      await conn.execute(
        `update gateway.users set two_factor_secret = null, two_factor_pending_secret = null, two_factor_enabled_at = null,
                two_factor_last_step = null where id = ?`,
        [userId],
      );
      await conn.execute(`delete from gateway.recovery_codes where user_id = ?`, [userId]);
    });
  }

  /**
   * A code of the secret, accepted once: its time step must be later than the last one accepted for this person, so a
   * code seen over a shoulder or in a log cannot be used again within its window.
   */
  async #useCode(userId: string, sealedSecret: string, code: string): Promise<boolean> {
    const step = await totpStep(this.#box.open(sealedSecret), code);
    if (step === null) return false;
    const used = await this.#sql<{ id: string }>(
      `update gateway.users set two_factor_last_step = ?
        where id = ? and (two_factor_last_step is null or two_factor_last_step < ?) returning id`,
      [step, userId, step],
    );
    return used.length === 1;
  }

  /** The second factor of a password sign-in whose password was right. */
  async secondFactor(userId: string, b: Pick<LoginBody, 'code' | 'recoveryCode'>): Promise<SecondFactor> {
    const u = await this.#user(userId);
    if (!u.two_factor_enabled_at || !u.two_factor_secret) return 'not-enabled';
    if (b.code) return (await this.#useCode(userId, u.two_factor_secret, b.code)) ? 'passed' : 'wrong';
    if (b.recoveryCode) {
      const used = await this.#sql<{ user_id: string }>(
        `update gateway.recovery_codes set used_at = now() where user_id = ? and code_hash = ? and used_at is null returning user_id`,
        [userId, hashRecoveryCode(b.recoveryCode)],
      );
      return used.length === 1 ? 'passed' : 'wrong';
    }
    return 'missing';
  }

  // ── The organization's rule ───────────────────────────────────────────────────────────────────────────────────

  async organizationRequiresTwoFactor(tenantId: string): Promise<boolean> {
    const [o] = await this.#sql<{ require_two_factor: boolean }>(`select require_two_factor from gateway.organizations where id = ?`, [
      tenantId,
    ]);
    return !!o?.require_two_factor;
  }

  /**
   * Turns the organization's rule on or off. An admin turns it on only with two-factor on for themselves (else the
   * switch would lock its own author out of everything but enrolment at once).
   */
  async setOrganizationRequiresTwoFactor(tenantId: string, userId: string, on: boolean): Promise<void> {
    if (on) {
      const u = await this.#user(userId);
      if (!u.two_factor_enabled_at) throw new Conflict('Turn on two-factor authentication for your own account first');
    }
    await this.#sql(`update gateway.organizations set require_two_factor = ? where id = ?`, [on, tenantId]);
  }
}
