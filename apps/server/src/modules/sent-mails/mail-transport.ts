import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env';
import type { StoredMailAttachment } from './sent-mails.schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  attachments?: readonly StoredMailAttachment[];
};

export type MailTransport = {
  kind: 'smtp' | 'viewer';
  /** Hands the mail to the SMTP server; resolves with its Message-ID once the server accepted it. */
  send(mail: OutgoingMail): Promise<string>;
};

const transports = new WeakMap<Config, MailTransport>();

/** SMTP when configured; otherwise the mail stays in the outbox for the built-in sent-mail viewer. */
export function mailTransportFor(config: Config): MailTransport {
  const cached = transports.get(config);
  if (cached) return cached;
  let transport: MailTransport;
  if (config.smtp) {
    const smtp: Transporter = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      ignoreTLS: config.smtp.ignoreTLS,
      ...(config.smtp.auth ? { auth: config.smtp.auth } : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transport = {
      kind: 'smtp',
      async send(mail) {
        const { attachments = [], ...rest } = mail;
        const info = await smtp.sendMail({
          from: config.mailFrom,
          ...rest,
          attachments: attachments.map((a) => ({ ...a, encoding: 'base64' })),
        });
        return info.messageId;
      },
    };
  } else {
    transport = { kind: 'viewer', send: async (mail) => mail.messageId };
  }
  transports.set(config, transport);
  return transport;
}

/** A Message-ID derived from the outbox row, so a receiving server can recognise a repeat. */
export function messageIdFor(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'cuspid.local';
  return `<${outboxId}@${domain}>`;
}
