import { z } from 'zod';
import { requiredEmail, storableString } from './text-fields.js';

/**
 * The free SEO check for visitors: shared by the server and the SPA.
 *
 * Public: POST /api/seo-check       StartSeoCheck → 202 SeoCheckStarted (a recent check of the same
 *                                    URL: its id again, `cached: true`)
 *         GET  /api/seo-check/{id}  → SeoCheck (queued/running: no report yet; done: the report;
 *                                    failed: why)
 */

export const SEO_CHECK_TEXTS = {
  invalidUrl: 'Enter the address of a web page, like https://example.com',
  tooMany: 'Too many checks were asked for. Please try again later.',
  busy: 'Our checker is busy right now. Please try again in a few minutes.',
  notFound: 'No such check.',
} as const;

/** How long a check's report is reused for the same address. */
export const SEO_CHECK_CACHE_HOURS = 24;

/**
 * The address a check is cached under: `https://` added when no scheme is typed, host in lower case,
 * default port and fragment dropped (the WHATWG URL parser also normalises IPv4 written as a number,
 * in octal or in hex). Undefined when it is not an http(s) address of a named host.
 */
export function normalizeCheckUrl(input: string): string | undefined {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || (!url.hostname.includes('.') && !url.hostname.startsWith('['))) {
    // A single label (`intranet`) is no public web site.
    if (url.hostname !== 'localhost') return undefined;
  }
  url.hash = '';
  return url.href;
}

export const startSeoCheckSchema = z
  .strictObject({
    url: storableString('URL', 'URL is Required')
      .trim()
      .min(1, { error: 'URL is Required', abort: true })
      .max(2000, { error: 'URL must be at most 2000 characters', abort: true })
      .transform((value, ctx) => {
        const normalized = normalizeCheckUrl(value);
        if (!normalized) {
          ctx.issues.push({ code: 'custom', input: value, message: SEO_CHECK_TEXTS.invalidUrl });
          return z.NEVER;
        }
        return normalized;
      }),
    /** Where to send the report's link: the agency also gets it as a lead in its inbox. */
    email: z
      .union([z.literal(''), requiredEmail('Email')])
      .optional()
      .transform((value) => value || undefined),
    /** With an e-mail: also sign up for the newsletter (a confirmation link is sent first). */
    subscribe: z.boolean({ error: 'subscribe must be true or false' }).default(false),
  })
  .meta({ id: 'StartSeoCheck' });
export type StartSeoCheckInput = z.input<typeof startSeoCheckSchema>;
export type StartSeoCheck = z.output<typeof startSeoCheckSchema>;

export const seoCheckStartedSchema = z
  .object({
    id: z.uuid(),
    /** A check of the same address within the last 24 hours: its report is shown again. */
    cached: z.boolean(),
  })
  .meta({ id: 'SeoCheckStarted' });
export type SeoCheckStarted = z.infer<typeof seoCheckStartedSchema>;

export const SEO_CHECK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SeoCheckStatus = (typeof SEO_CHECK_STATUSES)[number];

export const CHECK_OUTCOMES = ['pass', 'warn', 'fail'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** One item of a report: what was found, why it matters and its weight in the score. */
export const seoCheckItemSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    outcome: z.enum(CHECK_OUTCOMES),
    /** What was found, in a sentence. */
    summary: z.string(),
    /** Why it matters for search. */
    why: z.string(),
    /** Points of the published score (all items' weights add up to 100). */
    weight: z.number().int(),
    /** Points earned: the weight for a pass, half for a warning, none for a failure. */
    points: z.number(),
    /** Facts found on the page (headings, tags, broken links…), as text. */
    details: z.array(z.string()),
  })
  .meta({ id: 'SeoCheckItem' });
export type SeoCheckItem = z.infer<typeof seoCheckItemSchema>;

export const seoCheckReportSchema = z
  .object({
    /** The address that answered, after redirects. */
    finalUrl: z.string(),
    status: z.number().int(),
    responseMs: z.number().int(),
    /** 0-100: the items' points. */
    score: z.number().int().min(0).max(100),
    items: z.array(seoCheckItemSchema),
  })
  .meta({ id: 'SeoCheckReport' });
export type SeoCheckReport = z.infer<typeof seoCheckReportSchema>;

export const seoCheckSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    status: z.enum(SEO_CHECK_STATUSES),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    /** Failed: why the page could not be checked (refused address, no answer…). */
    error: z.string().nullable(),
    report: seoCheckReportSchema.nullable(),
  })
  .meta({ id: 'SeoCheck' });
export type SeoCheck = z.infer<typeof seoCheckSchema>;

export const seoCheckIdSchema = z.strictObject({
  id: z.uuid({ error: SEO_CHECK_TEXTS.notFound }),
});
