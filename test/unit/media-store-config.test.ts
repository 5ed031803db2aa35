/** The object storage settings: STORAGE_DRIVER=s3 needs its bucket, refused in one line naming the variable. */
import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseConfig } from '../../src/platform/config/app-config.js';

const S3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'seo-agency-media' };

describe('object storage configuration', () => {
  it('defaults to local files: a zero-config start is unchanged', () => {
    const config = parseConfig({});
    expect(config.STORAGE_DRIVER).toBe('local');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(config.MEDIA_PUBLIC_URL).toBeUndefined();
  });

  it('reads an S3-compatible store', () => {
    const config = parseConfig({
      ...S3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
    });
    expect(config).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_BUCKET: 'seo-agency-media',
      S3_FORCE_PATH_STYLE: true,
      // Without its trailing slash: names are appended with one.
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/media',
    });
  });

  it.each([
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET', /is required with STORAGE_DRIVER=s3 \(unset\)$/],
    [{ STORAGE_DRIVER: 'gcs' }, 'STORAGE_DRIVER', /must be local or s3/],
    [{ ...S3, S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET', /must be a bucket name/],
    [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT', /must be a http:\/\/ or https:\/\/ URL/],
    [{ ...S3, S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY', /must be set together/],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE', /must be true or false/],
    [{ MEDIA_PUBLIC_URL: 'cdn.example.com' }, 'MEDIA_PUBLIC_URL', /URL/],
  ])('refuses %j naming %s in one line', (env, variable, says) => {
    const parse = () => parseConfig(env);
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
    expect(parse).toThrow(says);
  });
});
