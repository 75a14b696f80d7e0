import nodemailer from 'nodemailer'
import type { MailMessage } from './alert-mail.compose.ts'

/** Sends one message; rejects when the mail server did not accept it. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * Nodemailer over SMTP_URL (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS from the start). The
 * timeouts are short: a mail server that hangs is tried again later (the mailer backs off), never waited on.
 */
export function smtpTransport({ url, from }: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message })
    },
    close: () => transporter.close(),
  }
}
