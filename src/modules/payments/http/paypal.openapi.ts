import type { OpenAPIObject } from '@nestjs/swagger';
import { PAYPAL_IPN_PATH, PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';

const listener = (summary: string, contentType: string, operationId: string) => ({
  post: {
    // PayPal posts them: public, and exempt from the cross-site check (see platform/http/cross-site.ts).
    ...{ 'x-access': 'public', 'x-cross-site': 'allowed' },
    tags: ['payments'],
    operationId,
    summary,
    requestBody: {
      required: true,
      content: {
        [contentType]: { schema: { type: 'object' as const, additionalProperties: true } },
      },
    },
    responses: {
      '200': { description: 'Stored; verified with PayPal by the worker (an empty body)' },
      '400': { description: 'Not a PayPal message' },
      '413': { description: 'Larger than any PayPal message' },
    },
  },
});

/** PayPal's listeners (Fastify routes keeping the exact bytes, so Nest's scanner does not see them). */
export const paypalOpenApiPaths: OpenAPIObject['paths'] = {
  [PAYPAL_IPN_PATH]: listener(
    'Payments Standard: an IPN message, stored byte for byte, verified in the worker',
    'application/x-www-form-urlencoded',
    'paypalIpn',
  ),
  [PAYPAL_WEBHOOK_PATH]: listener(
    'PayPal Checkout: a webhook event with its PAYPAL-* headers, stored, its signature verified in the worker',
    'application/json',
    'paypalWebhook',
  ),
};
