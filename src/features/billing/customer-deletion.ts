import type { AppContext, JobOutcome } from '../../runtime/types.js';
import { stripeClient, stripeLibrary } from './provider.js';

// The job of a deleted account: its customer is deleted at the provider, which cancels the
// customer's subscriptions at once. A customer the provider no longer has is done too.
export async function deleteProviderCustomer(ctx: AppContext, payload: { customerId: string }): Promise<JobOutcome> {
  const client = ctx.state(stripeClient);
  if (!client) return { status: 'failed', reason: 'billing is not configured' };
  const stripe = await client();
  try {
    await stripe.customers.del(payload.customerId);
  } catch (err) {
    const { errors } = await stripeLibrary();
    if (err instanceof errors.StripeInvalidRequestError && err.statusCode === 404) return { status: 'done' };
    if (err instanceof errors.StripeError) return { status: 'retry', reason: `provider ${err.type} ${err.statusCode ?? ''}`.trim() };
    throw err;
  }
  return { status: 'done' };
}
