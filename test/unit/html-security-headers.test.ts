import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { htmlSecurityHeaders } from '../../src/platform/http/html-security-headers.js';

/** The content security policy the HTML pages of a site at `publicUrl` are sent with. */
function contentSecurityPolicy(publicUrl: string): string[] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let nextCalled = false;
  htmlSecurityHeaders(publicUrl)({} as IncomingMessage, response, () => {
    nextCalled = true;
  });
  expect(nextCalled).toBe(true);
  return (headers.get('content-security-policy') ?? '').split(';').map((part) => part.trim());
}

describe('the content security policy of the HTML pages', () => {
  it('asks browsers to upgrade insecure requests on an https site', () => {
    const policy = contentSecurityPolicy('https://seo-agency.example');
    expect(policy).toContain('upgrade-insecure-requests');
    expect(policy).toContain("default-src 'self'");
  });

  it('does not on a plain-http site (a LAN or staging address), whose own files would break', () => {
    for (const publicUrl of [
      'http://192.168.1.20:3000',
      'http://staging.internal',
      'http://localhost:3000',
    ]) {
      const policy = contentSecurityPolicy(publicUrl);
      expect({ publicUrl, upgrades: policy.includes('upgrade-insecure-requests') }).toStrictEqual({
        publicUrl,
        upgrades: false,
      });
      // The rest of the policy is the same.
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain(
        "script-src 'self' https://www.paypal.com https://www.sandbox.paypal.com",
      );
    }
  });
});
