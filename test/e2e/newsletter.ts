/**
 * The newsletter's steps in the e2e tests: confirmed subscribers (through the footer form or the API),
 * the admin's API client, sending a newsletter through the API, and the links of the e-mails.
 */
import { type Page } from '@playwright/test';
import { type CampaignInput } from '../../src/contracts/campaigns.js';
import {
  MAX_SUBSCRIBER_PAGE_SIZE,
  NEWSLETTER_MESSAGES,
  type SubscriberPage,
  type SubscriberStatus,
} from '../../src/contracts/newsletter.js';
import { HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  assertStatus,
  describeResponse,
  expectNewMail,
  type Json,
  loginOk,
  mailTo,
  uniqueEmail,
} from '../support/identity.js';
import { type ReceivedMail } from '../support/mailbox.js';
import { expect, type Stack } from './fixtures.js';

export const CONFIRMATION_SUBJECT = 'Confirm your newsletter subscription';

/** The first `${publicUrl}${path}?token=…` link of the mail's text part. */
export function newsletterLink(
  mail: ReceivedMail,
  path: '/newsletter/confirm' | '/newsletter/unsubscribe',
  publicUrl: string,
): string {
  const escaped = `${publicUrl.replace(/\/$/, '')}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=[\\w-]+`).exec(mail.text);
  if (!match)
    throw new Error(`the mail "${mail.subject}" has no ${path}?token=… link:\n${mail.text}`);
  return match[0];
}

/** A header's value as sent (folded lines joined), or undefined. */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** A new address subscribed and confirmed through the API; returns the address. */
export async function confirmedSubscriber(stack: Stack): Promise<string> {
  const email = uniqueEmail('reader');
  const client = new HttpClient(stack.app.baseUrl);
  const mail = expectNewMail(stack.mailbox, mailTo(email, CONFIRMATION_SUBJECT));
  assertStatus(
    await client.post('/api/subscribers', { subemail: email }),
    202,
    `subscribe ${email}`,
  );
  const link = newsletterLink(await mail.next(), '/newsletter/confirm', stack.publicUrl);
  assertStatus(await client.post('/api/subscribers/confirm', { token: tokenOf(link) }), 200);
  return email;
}

/** A visitor signs up in the footer and follows the link of the confirmation e-mail. */
export async function subscribeInFooter(page: Page, stack: Stack): Promise<string> {
  const email = uniqueEmail('footer');
  const mail = expectNewMail(stack.mailbox, mailTo(email, CONFIRMATION_SUBJECT));
  await page.goto('/');
  // The footer of the loading shell is replaced once the page is in: fill the one that stays.
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  // As a visitor does: the form's code comes once the footer is on screen.
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.getByLabel('Email for the newsletter').fill(email);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText('Check your inbox to confirm.')).toBeVisible();
  await page.goto(newsletterLink(await mail.next(), '/newsletter/confirm', stack.publicUrl));
  await expect(page.getByText(NEWSLETTER_MESSAGES.confirmed)).toBeVisible();
  return email;
}

export async function adminClient(stack: Stack): Promise<HttpClient> {
  const client = new HttpClient(stack.app.baseUrl);
  await loginOk(client, stack.adminEmail, stack.adminPassword);
  return client;
}

function assertOk(response: HttpResponse, what: string): Json {
  expect(response.status, `${what}: ${describeResponse(response)}`).toBeLessThan(300);
  return response.body as Json;
}

/** Writes a newsletter and sends it now, through the admin API; returns its id. */
export async function sendNewsletterNow(admin: HttpClient, input: CampaignInput): Promise<string> {
  const created = assertOk(await admin.post('/api/admin/campaigns', input), 'create a newsletter');
  const id = String(created.id);
  assertOk(
    await admin.post(`/api/admin/campaigns/${id}/send`, { sendAt: null }),
    'send the newsletter now',
  );
  return id;
}

/** The subscriber's status as the admin's list of subscribers shows it (newest first). */
export async function subscriberStatus(
  admin: HttpClient,
  email: string,
): Promise<SubscriberStatus | undefined> {
  const response = await admin.get(`/api/admin/subscribers?pageSize=${MAX_SUBSCRIBER_PAGE_SIZE}`);
  const page = assertOk(response, 'list the subscribers') as unknown as SubscriberPage;
  return page.items.find((subscriber) => subscriber.subemail === email.toLowerCase())?.status;
}
