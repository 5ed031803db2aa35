// Generated: do not edit by hand. No zod here: the web app's snippet preview imports this.
/**
 * Arial's advance widths, in thousandths of an em, for the characters search results show most:
 * printable ASCII, Latin-1 and the common typographic marks (dashes, quotes, bullet, ellipsis, euro).
 *
 * Where they come from: no Arial or Liberation Sans font is installed on the machine that generated
 * this table (`fc-list` finds only DejaVu), so the widths are those of Adobe's published Core 14 AFM
 * file `Helvetica.afm` (the `WX` of each glyph). Arial was drawn to Helvetica's metrics and Liberation
 * Sans to Arial's (its fonts are "metric-compatible"): the three lay a line out to the same width,
 * which is what a search result's truncation depends on (Arial's 2048-unit widths round to these).
 *
 * Each row: the first code point of a run, and the widths of the run's consecutive code points.
 */
export const ARIAL_WIDTH_RUNS: readonly (readonly [number, readonly number[]])[] = [
  [
    0x20,
    [
      278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
      556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722,
      667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
      667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222,
      500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334,
      584,
    ],
  ],
  [
    0xa0,
    [
      278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333,
      333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667,
      1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584,
      778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556,
      556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500,
      556, 500,
    ],
  ],
  [0x152, [1000]],
  [0x153, [944]],
  [0x160, [667]],
  [0x161, [500]],
  [0x178, [667]],
  [0x17d, [611]],
  [0x17e, [500]],
  [0x192, [556]],
  [0x2c6, [333]],
  [0x2dc, [333]],
  [0x2013, [556]],
  [0x2014, [1000]],
  [0x2018, [222]],
  [0x2019, [222]],
  [0x201a, [222]],
  [0x201c, [333]],
  [0x201d, [333]],
  [0x201e, [333]],
  [0x2020, [556]],
  [0x2021, [556]],
  [0x2022, [350]],
  [0x2026, [1000]],
  [0x2030, [1000]],
  [0x2039, [333]],
  [0x203a, [333]],
  [0x20ac, [556]],
  [0x2122, [1000]],
];
