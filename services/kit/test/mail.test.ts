import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { createLogger, createMailer, defaultOutboxDir, loadConfig, mailConfigShape, mailerFromConfig } from '../src/index.ts';

const logger = createLogger('mail-test', 'silent');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kit-mail-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the .eml outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file with its sender, recipient, subject and body', async () => {
    const out = join(dir, 'a');
    const mailer = createMailer({ outboxDir: out, from: 'Billpoint <no-reply@billpoint.local>', logger });
    const sent = await mailer.send({ to: 'ada@example.test', subject: 'You are invited', text: 'Open https://x.test/invite/abc' });
    expect(sent.file).toMatch(/\.eml$/);
    const files = readdirSync(out);
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(out, files[0]!), 'utf8');
    expect(raw).toContain('To: ada@example.test');
    expect(raw).toContain('From: Billpoint <no-reply@billpoint.local>');
    expect(raw).toContain('Subject: You are invited');
    expect(raw).toContain('https://x.test/invite/abc');
  });

  it('keeps one file per caller Message-ID: the same message sent again is not written twice', async () => {
    const out = join(dir, 'b');
    const mailer = createMailer({ outboxDir: out, from: 'Billpoint <no-reply@billpoint.local>', logger });
    const mail = { to: 'bo@example.test', subject: 'Once', text: 'x', messageId: '<once-1@billpoint.local>' };
    const first = await mailer.send(mail);
    const second = await mailer.send({ ...mail, text: 'changed' });
    expect(second.file).toBe(first.file);
    expect(readdirSync(out)).toHaveLength(1);
    expect(readFileSync(first.file!, 'utf8')).not.toContain('changed');
  });
});

describe('the config', () => {
  it('MAIL_FROM has a default, SMTP_URL must be a URL, the outbox defaults to the repo .data/outbox', async () => {
    const schema = z.object(mailConfigShape);
    expect(loadConfig(schema, {}).MAIL_FROM).toBe('Billpoint <no-reply@billpoint.local>');
    expect(() => loadConfig(schema, { SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(defaultOutboxDir()).toMatch(/\.data\/outbox$/);
    const out = join(dir, 'c');
    const sent = await mailerFromConfig(loadConfig(schema, { MAIL_OUTBOX_DIR: out }), logger).send({
      to: 'c@example.test',
      subject: 's',
      text: 't',
    });
    expect(sent.file!.startsWith(out)).toBe(true);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('reject')) cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    url = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((ok) => smtp.close(ok)));

  it('hands the message to the server (nothing in the outbox) and rejects when the server refuses', async () => {
    const out = join(dir, 'smtp');
    const mailer = createMailer({ smtpUrl: url, outboxDir: out, from: 'Billpoint <no-reply@billpoint.local>', logger });
    await mailer.send({ to: 'dee@example.test', subject: 'Over SMTP', text: 'hello' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['dee@example.test']);
    expect(received[0]!.raw).toContain('Subject: Over SMTP');
    expect(() => readdirSync(out)).toThrow(/ENOENT/);
    await expect(mailer.send({ to: 'reject@example.test', subject: 'No', text: 'no' })).rejects.toThrow(/Mailbox unavailable/);
  });
});
