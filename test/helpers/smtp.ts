import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export class TestSmtpServer {
  readonly mails: CapturedMail[] = [];
  private server: SMTPServer;
  port = 0;
  /** When set, every RCPT TO is refused (to test failed deliveries). */
  rejectAll = false;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.rejectAll) return callback(new Error('550 mailbox unavailable'));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: decodeHeader(/^Subject: (.*)$/m.exec(raw)?.[1] ?? ''),
            text: decodeBody(raw),
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Mails sent to an address, oldest first. */
  to(address: string): CapturedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
  }

  /** The `token` query parameter of the first link to `path` in the newest mail to `address`. */
  tokenFrom(address: string, path: string): string {
    const mails = this.to(address);
    const mail = mails[mails.length - 1];
    if (!mail) throw new Error(`no mail to ${address}`);
    const m = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=([0-9a-f]+)`).exec(mail.text);
    if (!m) throw new Error(`no ${path} link in mail to ${address}: ${mail.text}`);
    return m[1];
  }
}

function decodeHeader(value: string): string {
  const m = /^=\?utf-8\?Q\?(.*)\?=$/i.exec(value.trim());
  return m ? decodeQuotedPrintable(m[1].replace(/_/g, ' ')) : value.trim();
}

function decodeQuotedPrintable(s: string): string {
  return Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}
