import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import { onFirstUse } from '../lib/load-on-first-use.js';

/** nodemailer, loaded with the first mail sent over SMTP (lib/load-on-first-use.ts). */
const nodemailer = onFirstUse(() => import('nodemailer'));

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (e.g. List-Unsubscribe of notification mail). */
  headers?: Record<string, string>;
}

/** Delivers one message. `logged` means it was written to the server log instead of sent. */
export interface Mailer {
  readonly transport: 'smtp' | 'log';
  /** `log`: where a transport that logs (LogMailer) writes: the sending request's logger. */
  send(mail: OutgoingMail, log?: FastifyBaseLogger): Promise<void>;
  close(): void;
}

export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  /** Made with the first mail; null until then. */
  private transporter: Promise<Transporter> | null = null;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}
  async send(mail: OutgoingMail): Promise<void> {
    // Short timeouts: a dead SMTP server must not hold a request for minutes.
    this.transporter ??= nodemailer().then((m) => m.default.createTransport(this.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as object));
    const transporter = await this.transporter;
    await transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) });
  }
  close(): void {
    // A transporter still being made is closed once it is (and a failed one needs no closing).
    this.transporter?.then((t) => t.close(), () => undefined).catch(() => undefined);
  }
}

/**
 * Without SMTP_URL the mail is written to the server log, so a local operator can follow its
 * links. In production the token values are redacted: a log must never carry a usable secret.
 * With `print` (the server process passes its standard output) each mail is also said in words,
 * each link on a line of its own: the way a new user finds the verification link without reading
 * JSON, whatever the log level.
 */
export class LogMailer implements Mailer {
  readonly transport = 'log' as const;
  constructor(
    /** Where to write when the sender names no logger. */
    private readonly log: () => FastifyBaseLogger | null,
    private readonly redactTokens: boolean,
    private readonly print?: (text: string) => void,
  ) {}
  async send(mail: OutgoingMail, log?: FastifyBaseLogger): Promise<void> {
    const body = this.redactTokens ? mail.text.replace(/token=[^\s&]+/g, 'token=[redacted]') : mail.text;
    (log ?? this.log())?.info({ mailTo: mail.to, subject: mail.subject, body }, 'mail logged (SMTP_URL not set)');
    this.print?.(readableMail(mail.to, mail.subject, body));
  }
  close(): void {}
}

/** `Mail to <to>, "<subject>" (not sent: SMTP_URL is not set)`, then each link of the body indented on its own line. */
export function readableMail(to: string, subject: string, body: string): string {
  // A link ends where the sentence around it goes on: trailing punctuation is not part of it.
  const links = [...new Set((body.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((l) => l.replace(/[.,;:!?)]+$/, '')))];
  const head = `Mail to ${to}, "${subject}" (not sent: SMTP_URL is not set)`;
  return links.length === 0 ? `${head}\n` : `${head}:\n${links.map((l) => `  ${l}\n`).join('')}`;
}

/** SMTP when SMTP_URL is set, else the log (and `print`, when given). */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'production'>,
  log: () => FastifyBaseLogger | null,
  print?: (text: string) => void,
): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(log, config.production, print);
}
