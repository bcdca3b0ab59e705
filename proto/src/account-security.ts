import { z } from 'zod';
import { RegisterBody } from './auth.ts';

/**
 * Account security: password reset and change, two-factor sign-in (TOTP, RFC 6238), sessions. The gateway
 * answers all of these itself (it owns identity).
 */

/** A new password follows the sign-up rule. */
const newPassword = RegisterBody.shape.password;
const totpCode = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');

/** POST /api/auth/forgot-password: always 202, whether or not an account has this e-mail. */
export const ForgotPasswordBody = RegisterBody.pick({ email: true });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** POST /api/auth/reset-password: the token of the e-mailed link and the new password; 204, every session ends. */
export const ResetPasswordBody = z.strictObject({
  token: z.string({ error: 'The link is invalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'The link is invalid'),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/auth/change-password (signed in): 204, the person's other sessions end. */
export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** GET /api/auth/two-factor: the signed-in person's two-factor state. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int().min(0),
  /** The organization of the session requires two-factor sign-in of every member. */
  requiredByOrganization: z.boolean(),
  /** The person signs in with a password (an OIDC-only account cannot confirm with one). */
  hasPassword: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/auth/two-factor/setup: a new pending secret (it signs nothing in until enabled with a code of it). */
export const TwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** POST /api/auth/two-factor/enable: a code of the pending secret. */
export const TwoFactorEnableBody = z.strictObject({ code: totpCode });
export type TwoFactorEnableBody = z.infer<typeof TwoFactorEnableBody>;
/** Ten single-use recovery codes, shown this once (stored hashed). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** POST /api/auth/two-factor/disable: a current code or the password. */
export const TwoFactorDisableBody = z.union([
  z.strictObject({ code: totpCode }),
  z.strictObject({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200) }),
]);
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

/** One session of the signed-in person (GET /api/auth/sessions). */
export const AccountSession = z.object({
  id: z.uuid(),
  /** "Chrome on macOS", from the user agent. */
  device: z.string(),
  ip: z.string().nullable(),
  organization: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessions = z.object({ sessions: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;
export const SessionIdParams = z.object({ id: z.uuid({ error: 'Unknown session' }) });

/** GET/PUT /api/organization/security: organization-wide sign-in rules (admins change them). */
export const OrganizationSecurity = z.strictObject({ requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }) });
export type OrganizationSecurity = z.infer<typeof OrganizationSecurity>;

export const AccountSecurityMessages = {
  forgotSent: 'If an account exists for this e-mail, we have sent a link to reset its password.',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  resetInvalid: 'This link is invalid or has expired. Ask for a new one.',
  currentPasswordWrong: 'Current password is incorrect',
  twoFactorRequired: 'Enter the code from your authenticator app',
  codeWrong: 'Invalid two-factor code',
  enrollmentRequired: 'Your organization requires two-factor authentication. Set it up to continue.',
} as const;
