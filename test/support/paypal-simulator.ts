/**
 * The PayPal simulator's REST API as a caller outside the shop uses it (PayPal itself acting on its
 * own, a buyer opening a dispute): an OAuth2 client-credentials token, then a JSON call with it.
 */
const SIM = '/paypal-simulator';
const SIMULATOR_BASIC = `Basic ${Buffer.from('simulator-client-id:simulator-client-secret').toString('base64')}`;

/** An access token for the simulator's REST API (its client credentials are fixed). */
export async function simulatorAccessToken(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}${SIM}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: SIMULATOR_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** POSTs `body` as JSON to `path` of the simulator's REST API (e.g. `/v1/customer/disputes`). */
export async function simulatorPost(
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<Response> {
  const token = await simulatorAccessToken(baseUrl);
  return fetch(`${baseUrl}${SIM}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
