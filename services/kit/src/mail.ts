import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/**
 * Where mail goes without SMTP_URL: `.eml` files under the repo's `.data/outbox` — one directory for every process
 * of `npm start` (billing's invoices, the gateway's invitations and password resets).
 */
export const defaultOutboxDir = () => resolve(import.meta.dirname, '../../../.data/outbox');

/** The settings of every process that sends mail (spread into its config schema). */
export const mailConfigShape = {
  /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); without it mail is written as .eml files. */
  SMTP_URL: z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Where the .eml files go without SMTP_URL (default: the repo's `.data/outbox`). */
  MAIL_OUTBOX_DIR: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Billpoint <no-reply@billpoint.local>'),
};
export type MailConfig = z.output<z.ZodObject<typeof mailConfigShape>>;

export interface OutgoingMail {
  to: string;
  /** The From header when the sender names itself (e.g. `"Acme" <no-reply@…>`); default: MAIL_FROM. */
  from?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * A Message-ID of the caller's (`<…@…>`): the same message sent again is the same message. The .eml outbox keeps
   * one file per Message-ID (a repeat is not written twice); SMTP servers and mailboxes drop a repeated Message-ID.
   */
  messageId?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the .eml file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
}

/** nodemailer over SMTP when `smtpUrl` is set; otherwise each message becomes an `.eml` file in `outboxDir`. */
export function createMailer(o: { smtpUrl?: string; outboxDir: string; from: string; logger: Logger }): Mailer {
  if (o.smtpUrl) {
    const transport = nodemailer.createTransport(o.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: o.from, ...mail });
        o.logger.info({ messageId: info.messageId, to: mail.to }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: o.from, ...mail });
      await mkdir(o.outboxDir, { recursive: true });
      const id = info.messageId.replace(/[^A-Za-z0-9.@-]/g, '');
      if (mail.messageId) {
        // Idempotent: the file is named by the caller's Message-ID alone and never overwritten.
        const file = join(o.outboxDir, `${id}.eml`);
        try {
          await writeFile(file, info.message as Buffer, { flag: 'wx' });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
          o.logger.info({ file }, 'mail already in the outbox (same Message-ID): not written again');
          return { messageId: info.messageId, file };
        }
        o.logger.info({ file, to: mail.to }, 'mail written to the outbox (no SMTP_URL)');
        return { messageId: info.messageId, file };
      }
      const file = join(o.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await writeFile(file, info.message as Buffer);
      o.logger.info({ file, to: mail.to }, 'mail written to the outbox (no SMTP_URL)');
      return { messageId: info.messageId, file };
    },
  };
}

/** The mailer a process's config describes (`mailConfigShape`). */
export const mailerFromConfig = (c: MailConfig, logger: Logger): Mailer =>
  createMailer({ smtpUrl: c.SMTP_URL, outboxDir: c.MAIL_OUTBOX_DIR ?? defaultOutboxDir(), from: c.MAIL_FROM, logger });
