/** The shop's steps that the payment suites share: a signed-in customer, the Premium package, an order. */
import { listEntries, ownFields } from './content.js';
import { type HttpClient, type HttpResponse } from './http-client.js';
import { assertErrorBody, assertStatus, createAccount, type Json, loginOk } from './identity.js';
import { pollUntil } from './net.js';
import type { IdentityApp, IdentitySuite } from './identity-suite.js';

export interface Customer {
  client: HttpClient;
  email: string;
  password: string;
}

/** A new verified customer, signed in on a client of its own. */
export async function signedInCustomer(suite: IdentitySuite, api: IdentityApp): Promise<Customer> {
  const client = api.client();
  const account = await createAccount(client, suite.mailbox, api.publicUrl);
  await loginOk(client, account.email, account.password);
  return { client, email: account.email, password: account.password };
}

/** The demo content's Premium package ($499.00), billed as the content says (Monthly in the demo). */
export async function premiumPackageId(api: IdentityApp): Promise<string> {
  const premium = (await listEntries(api.client(), 'pricing')).find(
    (entry) => entry.packageName === 'Premium',
  );
  if (!premium) throw new Error('the demo content has no Premium package');
  return premium._id;
}

/**
 * Makes the named packages bill one-off in this app's content, as an admin edits them (the demo
 * content sells every package monthly); resolves with their ids, in the order named.
 */
export async function billOneOff(admin: HttpClient, names: readonly string[]): Promise<string[]> {
  const entries = await listEntries(admin, 'pricing');
  const ids: string[] = [];
  for (const name of names) {
    const entry = entries.find((candidate) => candidate.packageName === name);
    if (!entry) throw new Error(`the demo content has no ${name} package`);
    if (entry.billing !== 'One-off') {
      const updated = await admin.put(`/api/content/pricing/${entry._id}`, {
        ...ownFields('pricing', entry),
        billing: 'One-off',
      });
      assertStatus(updated, 200, `make ${name} one-off`);
    }
    ids.push(entry._id);
  }
  return ids;
}

/**
 * The Premium package ($499.00) billed one-off in this app's content: the suites whose subject is a
 * single payment (PayPal Checkout, Payments Standard, refunds, disputes) pay once.
 */
export async function oneOffPremiumPackageId(admin: HttpClient): Promise<string> {
  const [id] = await billOneOff(admin, ['Premium']);
  return id!;
}

/** Places an order of `packageId` as the client's customer; returns the order as answered (201). */
export async function placeOrderBody(
  client: HttpClient,
  packageId: string,
  customerName = 'Ada',
): Promise<Json> {
  const placed = await client.post('/api/orders', { packageId, customerName });
  assertStatus(placed, 201, 'place an order');
  return placed.body as Json;
}

/** Places an order of `packageId` as the client's customer; returns its id. */
export async function placeOrder(client: HttpClient, packageId: string): Promise<string> {
  return String((await placeOrderBody(client, packageId))._id);
}

/** The order as an admin sees it, once it is flagged for review (`reviewReason`). */
export function flaggedOrder(admin: HttpClient, orderId: string): Promise<Json> {
  return pollUntil(
    async () => {
      const body = (await admin.get(`/api/admin/orders/${orderId}`)).body as Json;
      return body.reviewReason ? body : undefined;
    },
    { timeoutMs: 30_000, what: 'the order to be flagged' },
  );
}

/** Concurrent clicks of one action: exactly one went through; the others were told why (409). */
export function expectOneWinner(answers: HttpResponse[]): void {
  const won = answers.filter((answer) => answer.status === 200);
  if (won.length !== 1) {
    throw new Error(`expected one click to go through, got ${answers.map((a) => a.status).join()}`);
  }
  for (const answer of answers.filter((a) => a.status !== 200)) assertErrorBody(answer, 409);
}
