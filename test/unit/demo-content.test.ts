import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
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
      if (section.kind === 'singleton') expect(entries).toHaveLength(1);
      else {
        expect(entries.length).toBeGreaterThanOrEqual(3);
        expect(entries.length).toBeLessThanOrEqual(8);
      }
      for (const entry of entries) {
        const result = sectionInputSchema(section).safeParse(entry);
        expect(result.error).toBeUndefined(); // a failure shows the section's validation issues
        expect(result.success).toBe(true);
        // Nothing is dropped or rewritten on the way in.
        expect(result.data).toStrictEqual(entry);
      }
    });

    it(`points ${section.key}'s images at demo files of the size their names say`, () => {
      for (const entry of entries) {
        for (const field of section.fields.filter((f) => f.type === 'image')) {
          const url = entry[field.name];
          if (url === undefined) continue;
          expect(url).toMatch(/^\/demo\/[\w-]+\.svg$/);
          const size = imageSizeFromUrl(url);
          expect(size).toBeDefined(); // the URL names its size
          const { width, height } = size!;
          const path = `${publicDir}${url}`;
          expect(statSync(path).size).toBeLessThan(8 * 1024); // the file is under 8 KB
          const svg = readFileSync(path, 'utf8');
          expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
          expect(svg).toMatch(new RegExp(`width="${width}" height="${height}"`));
          expect(svg).toMatch(new RegExp(`viewBox="0 0 ${width} ${height}"`));
        }
      }
    });
  }

  it('offers Basic, Premium and Standard with 7, 8 and 7 points', () => {
    const points = (DEMO_CONTENT.pricing ?? []).map((entry) => [
      entry.packageName,
      Object.keys(entry).filter((name) => name.startsWith('packagePoint')).length,
    ]);
    expect(points).toStrictEqual([
      ['Basic', 7],
      ['Premium', 8],
      ['Standard', 7],
    ]);
  });

  it('numbers the work steps 01 to 04', () => {
    expect((DEMO_CONTENT.workSteps ?? []).map((entry) => entry.stepNumber)).toStrictEqual([
      '01',
      '02',
      '03',
      '04',
    ]);
  });
});
