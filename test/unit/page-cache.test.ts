import { describe, expect, it } from '@jest/globals';
import { PageCache } from '../../src/modules/site/rendering/page-cache.js';

const page = (bytes: number, name = '') => ({ bytes, name });

describe('the page cache', () => {
  it('keeps one value per key, replacing it', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1000 });
    cache.set('page /', page(100, 'v1'));
    cache.set('page /', page(150, 'v2'));
    expect(cache.get('page /')).toStrictEqual(page(150, 'v2'));
    expect([cache.size, cache.bytes]).toStrictEqual([1, 150]);
    expect(cache.get('page /pricing')).toBeUndefined();
  });

  it('drops the least recently used beyond its number of entries', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1000 });
    cache.set('a', page(1));
    cache.set('b', page(1));
    cache.get('a');
    cache.set('c', page(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('drops the least recently used beyond its bytes, and keeps no value larger than them', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 100 });
    cache.set('a', page(40));
    cache.set('b', page(40));
    cache.set('c', page(40));
    expect(cache.get('a')).toBeUndefined();
    expect([cache.size, cache.bytes]).toStrictEqual([2, 80]);

    cache.set('huge', page(101));
    expect(cache.get('huge')).toBeUndefined();
    expect([cache.size, cache.bytes]).toStrictEqual([2, 80]);
  });

  it('forgets a key', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 100 });
    cache.set('a', page(40));
    cache.delete('a');
    cache.delete('never');
    expect([cache.size, cache.bytes]).toStrictEqual([0, 0]);
  });
});
