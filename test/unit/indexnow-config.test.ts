/** Where IndexNow submissions go: nowhere in development and tests unless INDEXNOW_ENDPOINT says. */
import 'reflect-metadata';
import { describe, expect, test } from '@jest/globals';
import { INDEXNOW_DEFAULT_ENDPOINT } from '../../src/contracts/seo/indexnow.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { IndexNowConfig } from '../../src/modules/indexnow/domain/indexnow-config.js';

const endpointWith = (config: Partial<AppConfig>) =>
  new IndexNowConfig({} as never, { PUBLIC_URL: 'https://agency.example/', ...config } as AppConfig)
    .endpoint;

describe('IndexNow endpoint', () => {
  test('none in development or tests (the simulator included) unless configured', () => {
    expect(endpointWith({ NODE_ENV: 'development' })).toBeUndefined();
    expect(endpointWith({ NODE_ENV: 'test', PAYPAL_MODE: 'simulator' })).toBeUndefined();
    expect(
      endpointWith({ NODE_ENV: 'development', INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/x' }),
    ).toBe('http://127.0.0.1:9/x');
  });

  test('api.indexnow.org in production, or the configured one', () => {
    expect(endpointWith({ NODE_ENV: 'production' })).toBe(INDEXNOW_DEFAULT_ENDPOINT);
    expect(
      endpointWith({ NODE_ENV: 'production', INDEXNOW_ENDPOINT: 'https://www.bing.com/indexnow' }),
    ).toBe('https://www.bing.com/indexnow');
  });
});
