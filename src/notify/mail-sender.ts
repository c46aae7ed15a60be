import nodemailer, { type Transporter } from 'nodemailer';
import { delivered, failed, retry, type DeliveryOutcome } from './channel.js';

/** One delivery's mail; `headers` come before the delivery's own `X-Vantage-*` headers. */
export interface DeliveryMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  deliveryId: string;
  eventType: string;
}

/** An SMTP reply code says who is at fault: 5xx the message or mailbox (final), 4xx the moment (retry). */
function outcomeOfMailError(error: unknown): DeliveryOutcome {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const reason = message ?? String(error);
  if (typeof responseCode === 'number' && responseCode >= 500) return failed(reason, responseCode);
  return retry(reason, typeof responseCode === 'number' ? responseCode : undefined);
}

const NOT_CONFIGURED = 'e-mail is not configured on this server (SMTP_URL)';

/** The configured SMTP relay (SMTP_URL) and sender (VANTAGE_MAIL_FROM), shared by every channel that sends mail. */
export class MailSender {
  private readonly transport: Transporter | null;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
    options: { extraCa?: string | undefined; timeoutMs: number },
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs * 2,
          ...(options.extraCa ? { tls: { ca: options.extraCa } } : {}),
        })
      : null;
  }

  /** The final failure of every mail while no relay is configured, or null: channels ask before they do any work. */
  unconfigured(): DeliveryOutcome | null {
    return this.transport ? null : failed(NOT_CONFIGURED);
  }

  /** One attempt; never throws for a delivery problem. */
  async send(mail: DeliveryMail): Promise<DeliveryOutcome> {
    if (!this.transport) return failed(NOT_CONFIGURED);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, 'X-Vantage-Delivery': mail.deliveryId, 'X-Vantage-Event': mail.eventType },
      });
      return delivered();
    } catch (error) {
      return outcomeOfMailError(error);
    }
  }

  close(): void {
    this.transport?.close();
  }
}
