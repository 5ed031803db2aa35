/**
 * Pixel widths of search-result text in Arial (the table of src/contracts/seo/arial-widths.ts) and the
 * truncation a result applies to a title (600px at 20px) and a description (920px at 14px).
 */
import { describe, expect, test } from '@jest/globals';
import {
  fitLine,
  SNIPPET_DESCRIPTION,
  SNIPPET_TITLE,
  textWidth,
} from '../../src/contracts/seo/text-width.js';

describe('textWidth', () => {
  test('adds up Arial advance widths, not characters', () => {
    // "W" is 944/1000 em, "i" 222/1000: at 20px, 18.88px against 4.44px.
    expect(textWidth('W', 20)).toBeCloseTo(18.88);
    expect(textWidth('i', 20)).toBeCloseTo(4.44);
    expect(textWidth('Hello, World', 20)).toBeCloseTo(
      ((722 + 556 + 222 + 222 + 556 + 278 + 278 + 944 + 556 + 333 + 222 + 556) * 20) / 1000,
    );
    // Latin-1 and typographic marks: é is an e, the ellipsis an em, the en dash an n.
    expect(textWidth('é…–', 10)).toBeCloseTo((556 + 1000 + 556) / 100);
  });

  test('a wide script counts one em per character; combining marks none', () => {
    expect(textWidth('日本', 20)).toBe(40);
    expect(textWidth('e\u0301', 20)).toBeCloseTo(textWidth('e', 20));
  });
});

describe('fitLine', () => {
  test('a title that fits is shown whole, its white space collapsed', () => {
    const fitted = fitLine('  Technical SEO audits\n that pay off ', SNIPPET_TITLE);
    expect(fitted).toStrictEqual({
      text: 'Technical SEO audits that pay off',
      truncated: false,
      widthPx: textWidth('Technical SEO audits that pay off', 20),
    });
  });

  test('the same number of characters fits in lower case "i" but not in capital "W"', () => {
    const narrow = 'i'.repeat(100);
    const wide = 'W'.repeat(100);
    expect(fitLine(narrow, SNIPPET_TITLE).truncated).toBe(false); // 444px
    const cut = fitLine(wide, SNIPPET_TITLE); // 1888px
    expect(cut.truncated).toBe(true);
    expect(cut.text.endsWith(' ...')).toBe(true);
    // 600px minus " ..." (278 + 3×278 = 1112/1000 em = 22.24px) leaves 577.76px: 30 W's (566.4px).
    expect(cut.text).toBe(`${'W'.repeat(30)} ...`);
    expect(textWidth(cut.text, 20)).toBeLessThanOrEqual(600);
  });

  test('a long title is cut at the last whole word, with " ..."', () => {
    const title =
      'Search Engine Optimisation Services for Small Businesses and Growing Online Shops | SEO Agency';
    const cut = fitLine(title, SNIPPET_TITLE);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('Search Engine Optimisation Services for Small Businesses and ...');
    expect(textWidth(cut.text, 20)).toBeLessThanOrEqual(600);
  });

  test('a description is cut at 920px of 14px text, far more characters than a title', () => {
    const description = `${'We audit, fix and grow the search traffic of small businesses. '.repeat(4)}`;
    const cut = fitLine(description, SNIPPET_DESCRIPTION);
    expect(cut.truncated).toBe(true);
    expect(textWidth(cut.text, 14)).toBeLessThanOrEqual(920);
    expect(textWidth(cut.text, 14)).toBeGreaterThan(920 * 0.9);
    expect(cut.text.endsWith('. ...') || / \w+ \.\.\.$/.test(cut.text)).toBe(true);
  });
});
