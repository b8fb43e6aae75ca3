import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { MOBILE_RE } from '@xueban/contract/limits';

/** Delivers a verification code to a mobile number or an email address. */
export interface CodeSender {
  send(target: string, code: string, purpose: string): Promise<void>;
}

const PURPOSE_LABEL: Record<string, string> = {
  register: '注册账号', reset: '重置密码', change: '更换手机号或邮箱', verify: '身份验证',
};

/**
 * SMTP for email addresses when SMTP_URL is set. Anything it cannot deliver (no SMTP, or a
 * mobile number: no SMS gateway is built in) is written to the server log for the operator.
 */
export function createCodeSender(opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): CodeSender {
  const { smtpUrl } = opts;
  // nodemailer is loaded at the first mail, not at every start.
  let made: Promise<Transporter> | undefined;
  const transport = smtpUrl ? () => (made ??= import('nodemailer').then(({ default: m }) => m.createTransport(smtpUrl))) : null;
  return {
    async send(target, code, purpose) {
      const label = PURPOSE_LABEL[purpose] ?? purpose;
      if (transport && !MOBILE_RE.test(target)) {
        await (await transport()).sendMail({
          from: opts.from, to: target,
          subject: `【学伴 AI】${label}验证码`,
          text: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。`,
        });
        return;
      }
      opts.log.warn({ target, purpose }, `verification code for ${target} (${purpose}): ${code} — no delivery channel configured`);
    },
  };
}
