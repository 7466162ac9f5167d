import { sendMail } from '../../runtime/mail.js';
import type { AppContext } from '../../runtime/context.js';

// The e-mail the webhook sends: a subscription payment that failed.

export function sendPaymentFailedEmail(
  ctx: AppContext,
  user: { id: string; email: string; display_name: string },
  invoiceUrl: string | null,
) {
  const pay = invoiceUrl ? `You can pay the invoice here:\n\n${invoiceUrl}\n\n` : '';
  return sendMail(ctx, {
    to: user.email,
    type: 'payment_failed',
    userId: user.id,
    subject: 'Your subscription payment failed',
    text:
      `Hello ${user.display_name},\n\nThe latest payment of your subscription did not go through. ` +
      `The payment provider will try again; until it succeeds your subscription is past due, and if every attempt fails it ends and your account returns to the free tier (your content stays).\n\n` +
      pay +
      `To change the card or other payment method, open the billing portal from your account's billing settings.\n`,
  });
}
