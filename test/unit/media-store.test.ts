/** The local media store: whole files under DATA_DIR/uploads, written through a temporary file. */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LocalMediaStore, uploadsDir } from '../../src/modules/media/storage/local-media-store.js';

describe('the local media store', () => {
  let dataDir: string;
  let store: LocalMediaStore;

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-store-'));
    store = new LocalMediaStore(uploadsDir({ DATA_DIR: dataDir }));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps files in DATA_DIR/uploads, creating it, and leaves no temporary file', async () => {
    assert.equal(store.directory, path.join(dataDir, 'uploads'));
    assert.equal(await store.exists('0123456789abcdef-2x1.png'), false);
    await store.put('0123456789abcdef-2x1.png', Buffer.from('first'), 'image/png');
    assert.equal(await store.exists('0123456789abcdef-2x1.png'), true);
    await store.put('0123456789abcdef-2x1.png', Buffer.from('second'), 'image/png');
    assert.equal(
      await readFile(path.join(store.directory, '0123456789abcdef-2x1.png'), 'utf8'),
      'second',
    );
    assert.deepEqual(await readdir(store.directory), ['0123456789abcdef-2x1.png']);
  });

  it('refuses names that are not one plain file name', async () => {
    for (const name of ['../escape.png', 'a/b.png', '.hidden.png', '']) {
      await assert.rejects(store.put(name, Buffer.from('x'), 'image/png'), /Not a media file name/);
      await assert.rejects(store.exists(name), /Not a media file name/);
    }
  });
});
