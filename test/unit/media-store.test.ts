/** The local media store: whole files under DATA_DIR/uploads and DATA_DIR/private, through a temporary file. */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LocalMediaStore } from '../../src/modules/media/storage/local-media-store.js';
import { isValidMediaKey } from '../../src/modules/media/storage/media-store.js';

describe('the local media store', () => {
  let dataDir: string;
  let store: LocalMediaStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-store-'));
    store = LocalMediaStore.fromConfig({ DATA_DIR: dataDir });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps public files in DATA_DIR/uploads, creating it, and leaves no temporary file', async () => {
    const directory = path.join(dataDir, 'uploads');
    expect(store.directories.public).toBe(directory);
    expect(await store.exists('public', '0123456789abcdef-2x1.png')).toBe(false);
    expect(await store.get('public', '0123456789abcdef-2x1.png')).toBeNull();
    await store.put('public', '0123456789abcdef-2x1.png', Buffer.from('first'), 'image/png');
    expect(await store.exists('public', '0123456789abcdef-2x1.png')).toBe(true);
    await store.put('public', '0123456789abcdef-2x1.png', Buffer.from('second'), 'image/png');
    expect(await readFile(path.join(directory, '0123456789abcdef-2x1.png'), 'utf8')).toBe('second');
    expect(await readdir(directory)).toStrictEqual(['0123456789abcdef-2x1.png']);

    const object = await store.get('public', '0123456789abcdef-2x1.png');
    expect(object?.contentType).toBe('image/png');
    expect(object?.size).toBe(6);
    expect(await text(object!.body)).toBe('second');

    await store.remove('public', '0123456789abcdef-2x1.png');
    await store.remove('public', '0123456789abcdef-2x1.png'); // nothing there: no error
    expect(await store.exists('public', '0123456789abcdef-2x1.png')).toBe(false);
  });

  it('keeps private files under DATA_DIR/private, in sub-directories, and has no presigned URLs', async () => {
    await store.put('private', 'orders/42/brief.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(await readFile(path.join(dataDir, 'private', 'orders', '42', 'brief.pdf'), 'utf8')).toBe(
      '%PDF',
    );
    expect(await store.exists('private', 'orders/42/brief.pdf')).toBe(true);
    // The two areas are apart: a private key is not a public file.
    expect(await store.exists('public', 'brief.pdf')).toBe(false);
    expect((await store.get('private', 'orders/42/brief.pdf'))?.contentType).toBe(
      'application/pdf',
    );
    expect(
      await store.presignedUrl('private', 'orders/42/brief.pdf', {
        expiresInSeconds: 60,
        filename: 'brief.pdf',
        contentType: 'application/pdf',
      }),
    ).toBeNull();
    await store.check();
  });

  it('lists the keys of an area, leaving out temporary files and names that are no key', async () => {
    const listed = async (area: 'public' | 'private') => {
      const keys: string[] = [];
      for await (const key of store.list(area)) keys.push(key);
      return keys.sort();
    };
    const empty = LocalMediaStore.fromConfig({ DATA_DIR: path.join(dataDir, 'none') });
    for await (const key of empty.list('public')) throw new Error(`listed ${key}`);

    await store.put('public', 'aaaaaaaaaaaaaaaa-2x1.png', Buffer.from('a'), 'image/png');
    await store.put('public', 'bbbbbbbbbbbbbbbb-2x1.webp', Buffer.from('b'), 'image/webp');
    await writeFile(path.join(dataDir, 'uploads', '.aaaa.png.tmp'), 'half');
    await mkdir(path.join(dataDir, 'uploads', 'nested'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'nested', 'x.png'), 'x');
    await store.put('private', 'orders/7/a.pdf', Buffer.from('%PDF'), 'application/pdf');

    // Not the temporary file, nor a file in a sub-directory (no public key has a '/').
    expect(await listed('public')).toStrictEqual([
      'aaaaaaaaaaaaaaaa-2x1.png',
      'bbbbbbbbbbbbbbbb-2x1.webp',
    ]);
    expect(await listed('private')).toContain('orders/7/a.pdf');
  });

  it('refuses public keys that are not one plain file name', async () => {
    for (const key of ['../escape.png', 'a/b.png', '.hidden.png', '']) {
      await expect(store.put('public', key, Buffer.from('x'), 'image/png')).rejects.toThrow(
        /Not a public media key/,
      );
      await expect(store.exists('public', key)).rejects.toThrow(/Not a public media key/);
      await expect(store.get('public', key)).rejects.toThrow(/Not a public media key/);
    }
  });

  it('refuses private keys that could leave the area or name hidden files', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      'a/..',
      '/abs',
      'a//b',
      'a/.hidden',
      'a/',
      'a\\b',
      '',
    ]) {
      expect(isValidMediaKey('private', key)).toBe(false);
      await expect(store.put('private', key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Not a private media key/,
      );
    }
    for (const key of ['a', 'orders/42/brief.v2.pdf', 'x_y-z/1']) {
      expect(isValidMediaKey('private', key)).toBe(true);
    }
  });

  it('names DATA_DIR when its directories are not writable', async () => {
    const blocked = new LocalMediaStore({
      public: path.join(dataDir, 'uploads', '0123456789abcdef-2x1.png', 'not-a-dir'),
      private: path.join(dataDir, 'private'),
    });
    await store.put('public', '0123456789abcdef-2x1.png', Buffer.from('x'), 'image/png');
    await expect(blocked.check()).rejects.toThrow(/^DATA_DIR must be writable: /);
  });
});
