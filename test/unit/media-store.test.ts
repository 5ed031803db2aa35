/** The local media store: whole files under DATA_DIR/uploads, written through a temporary file. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LocalMediaStore, uploadsDir } from '../../src/modules/media/storage/local-media-store.js';

describe('the local media store', () => {
  let dataDir: string;
  let store: LocalMediaStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-store-'));
    store = new LocalMediaStore(uploadsDir({ DATA_DIR: dataDir }));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps files in DATA_DIR/uploads, creating it, and leaves no temporary file', async () => {
    expect(store.directory).toBe(path.join(dataDir, 'uploads'));
    expect(await store.exists('0123456789abcdef-2x1.png')).toBe(false);
    await store.put('0123456789abcdef-2x1.png', Buffer.from('first'), 'image/png');
    expect(await store.exists('0123456789abcdef-2x1.png')).toBe(true);
    await store.put('0123456789abcdef-2x1.png', Buffer.from('second'), 'image/png');
    expect(await readFile(path.join(store.directory, '0123456789abcdef-2x1.png'), 'utf8')).toBe(
      'second',
    );
    expect(await readdir(store.directory)).toStrictEqual(['0123456789abcdef-2x1.png']);
  });

  it('refuses names that are not one plain file name', async () => {
    for (const name of ['../escape.png', 'a/b.png', '.hidden.png', '']) {
      await expect(store.put(name, Buffer.from('x'), 'image/png')).rejects.toThrow(
        /Not a media file name/,
      );
      await expect(store.exists(name)).rejects.toThrow(/Not a media file name/);
    }
  });
});
