import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

// One message as the worker hands it to a transport; id is the outbox row's. headers: extra header
// lines (List-Unsubscribe and List-Unsubscribe-Post on reminders), none when absent.
export type OutgoingEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers?: Record<string, string> | null;
};

export type MailTransport = {
  // For logs: where messages go, without credentials.
  describe: string;
  send: (email: OutgoingEmail) => Promise<void>;
  close: () => void;
};

// The Message-ID is derived from the outbox row, so a retried message keeps its identity.
const mailOf = (email: OutgoingEmail, from: string) => ({
  from,
  to: email.to,
  subject: email.subject,
  text: email.text,
  ...(email.html ? { html: email.html } : {}),
  ...(email.headers ? { headers: email.headers } : {}),
  messageId: `<${email.id}@habitrack.outbox>`,
});

// Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
// Timeouts stay well under the worker's lease, so a hung server cannot cause a double send.
export function smtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const host = new URL(options.url).host;
  return {
    describe: `SMTP server ${host}`,
    send: async (email) => {
      await transporter.sendMail(mailOf(email, options.from));
    },
    close: () => transporter.close(),
  };
}

// The local demo's developer mail folder: each message becomes an .eml file any mail client opens.
export function folderTransport(options: { folder: string; from: string; logger?: FastifyBaseLogger }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `developer mail folder ${options.folder}`,
    send: async (email) => {
      const info = await composer.sendMail(mailOf(email, options.from));
      await mkdir(options.folder, { recursive: true });
      const file = path.join(options.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.id}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger?.info(
        { to: email.to, subject: email.subject, file },
        'e-mail written to the developer mail folder',
      );
    },
    close: () => composer.close(),
  };
}

// SMTP when SMTP_URL is set; otherwise, outside production, the developer mail folder
// <DATA_DIR>/mail. In production without SMTP_URL nothing is sent: messages wait in the outbox.
export function mailTransportFor(
  config: { env: string; dataDir: string; mail: { smtpUrl: string | undefined; from: string } },
  logger?: FastifyBaseLogger,
): MailTransport | null {
  if (config.mail.smtpUrl) return smtpTransport({ url: config.mail.smtpUrl, from: config.mail.from });
  if (config.env === 'production') return null;
  return folderTransport({ folder: path.resolve(config.dataDir, 'mail'), from: config.mail.from, logger });
}
