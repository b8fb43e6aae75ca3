import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

type Transport = ReturnType<typeof nodemailer.createTransport>;
const transports = new Map<string, Transport>();

/**
 * Emails an alert to its recipients when SMTP is configured (SMTP_URL, the same server the
 * verification codes go through). Sent in the background: a slow or failing mail server never
 * holds up the chat, and a failure is only logged — the in-app notification is already stored.
 */
export function mailAlert(config: Config, log: FastifyBaseLogger, to: string[], subject: string, text: string) {
  if (!config.SMTP_URL || !to.length) return;
  const smtpUrl = config.SMTP_URL;
  const link = config.PUBLIC_URL ? `\n\n${config.PUBLIC_URL.replace(/\/$/, '')}` : '';
  // nodemailer is loaded at the first mail, not at every start.
  void import('nodemailer').then(({ default: mailer }) => {
    let transport = transports.get(smtpUrl);
    if (!transport) transports.set(smtpUrl, (transport = mailer.createTransport(smtpUrl)));
    return transport;
  }).then((transport) => Promise.all(to.map((addr) => transport.sendMail({ from: config.SMTP_FROM, to: addr, subject: `【学伴 AI】${subject}`, text: text + link }))))
    .catch((err: unknown) => log.warn({ err }, 'safety alert email failed'));
}
