import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSmtpServer } from '../test-support/test-app.ts';
import { Mailer } from './mailer.ts';

// Counts loads of nodemailer (the factory runs when the module is first imported) and hands
// back the real module, so the mail still goes out.
const loads = vi.hoisted(() => ({ nodemailer: 0 }));
vi.mock('nodemailer', async (importOriginal) => {
  loads.nodemailer += 1;
  return importOriginal();
});

const silent = pino({ level: 'silent' });

describe('Mailer: nodemailer loads with the first mail (issue 23.3, idle footprint)', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('is not loaded by a mailer that has sent nothing, even with SMTP_URL set', async () => {
    const mailer = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'bot@example.com' }, silent);
    await mailer.close();
    expect(loads.nodemailer).toBe(0);
  });

  it('is loaded once by the first mail and reused by the next', async () => {
    const smtp = await startSmtpServer();
    closers.push(() => smtp.close());
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'bot@example.com' }, silent);
    closers.push(() => mailer.close());
    const message = { to: 'support@example.com', subject: 'Hi', text: 'Hello there' };
    await mailer.deliver(message);
    await mailer.deliver(message);
    expect(loads.nodemailer).toBe(1);
    expect(smtp.mails).toHaveLength(2);
  });
});
