import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestSmtpServer = {
  port: number;
  /** Every mail the server accepted, parsed. */
  received: ParsedMail[];
  /** Rejects the next N mails to this address at the end of DATA with a temporary error (451). */
  failNext(to: string, count: number): void;
  /** Env for createTestApp: deliver to this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (settings from DEPENDENCIES.md) that keeps what arrives. With `login`, it
 * takes mail only after AUTH with that user and password, and its env gives them to the app.
 */
export async function startTestSmtpServer(
  options: { login?: { user: string; pass: string } } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const failures = new Map<string, number>();
  const { login } = options;
  const server = new SMTPServer({
    authOptional: !login,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      simpleParser(stream)
        .then((mail) => {
          const left = failures.get(recipient) ?? 0;
          if (left > 0) {
            failures.set(recipient, left - 1);
            const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          received.push(mail);
          return callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    failNext: (to, count) => {
      failures.set(to, count);
    },
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_IGNORE_TLS: 'true',
      SMTP_FROM: 'Cuspid <mail@cuspid.test>',
      ...(login ? { SMTP_USER: login.user, SMTP_PASSWORD: login.pass } : {}),
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}
