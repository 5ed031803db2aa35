import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  imageSizeFromUrl,
  SECTION_LIST,
  sectionInputSchema,
} from '../../src/contracts/content/index.js';
import { DEMO_CONTENT } from '../../src/modules/content/demo/demo-content.js';

const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));

describe('demo content of a fresh install', () => {
  for (const section of SECTION_LIST) {
    const entries = DEMO_CONTENT[section.key as keyof typeof DEMO_CONTENT] ?? [];

    it(`fills ${section.key} with entries that pass its write rules`, () => {
      if (section.kind === 'singleton') assert.equal(entries.length, 1);
      else assert.ok(entries.length >= 3 && entries.length <= 8, `${entries.length} entries`);
      for (const entry of entries) {
        const result = sectionInputSchema(section).safeParse(entry);
        assert.ok(result.success, `${section.key}: ${result.error?.message}`);
        // Nothing is dropped or rewritten on the way in.
        assert.deepEqual(result.data, entry);
      }
    });

    it(`points ${section.key}'s images at demo files of the size their names say`, () => {
      for (const entry of entries) {
        for (const field of section.fields.filter((f) => f.type === 'image')) {
          const url = entry[field.name];
          if (url === undefined) continue;
          assert.match(url, /^\/demo\/[\w-]+\.svg$/);
          const size = imageSizeFromUrl(url);
          assert.ok(size, `${url} names its size`);
          const path = `${publicDir}${url}`;
          assert.ok(statSync(path).size < 8 * 1024, `${url} is under 8 KB`);
          const svg = readFileSync(path, 'utf8');
          assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
          assert.match(svg, new RegExp(`width="${size.width}" height="${size.height}"`));
          assert.match(svg, new RegExp(`viewBox="0 0 ${size.width} ${size.height}"`));
        }
      }
    });
  }

  it('offers Basic, Premium and Standard with 7, 8 and 7 points', () => {
    const points = (DEMO_CONTENT.pricing ?? []).map((entry) => [
      entry.packageName,
      Object.keys(entry).filter((name) => name.startsWith('packagePoint')).length,
    ]);
    assert.deepEqual(points, [
      ['Basic', 7],
      ['Premium', 8],
      ['Standard', 7],
    ]);
  });

  it('numbers the work steps 01 to 04', () => {
    assert.deepEqual(
      (DEMO_CONTENT.workSteps ?? []).map((entry) => entry.stepNumber),
      ['01', '02', '03', '04'],
    );
  });
});
