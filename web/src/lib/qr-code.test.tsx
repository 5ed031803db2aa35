import { describe, expect, it } from '@jest/globals';
import { encodeQr, gfMultiply, reedSolomonDivisor, reedSolomonRemainder } from './qr-code';

const URI =
  'otpauth://totp/shop.example%3Aboss%40agency.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=shop.example&algorithm=SHA1&digits=6&period=30';

/** The codeword polynomial's value at x (highest degree first), in GF(2^8). */
function evaluate(codewords: number[], x: number): number {
  return codewords.reduce((sum, coefficient) => gfMultiply(sum, x) ^ coefficient, 0);
}

describe('the QR code encoder', () => {
  it('makes Reed–Solomon codewords that vanish at the generator roots 1, α, …, α^(n−1)', () => {
    const data = [...new TextEncoder().encode(URI.slice(0, 40))];
    for (const degree of [10, 16, 22, 26]) {
      const codeword = [...data, ...reedSolomonRemainder(data, reedSolomonDivisor(degree))];
      let root = 1;
      for (let i = 0; i < degree; i++) {
        expect(evaluate(codeword, root)).toBe(0);
        root = gfMultiply(root, 2);
      }
      // A changed byte is detected.
      const damaged = [...codeword];
      damaged[3] = damaged[3]! ^ 0x40;
      expect(evaluate(damaged, 1) === 0 && evaluate(damaged, 2) === 0).toBe(false);
    }
  });

  it('picks the smallest version that holds the text, and gives up past version 10', () => {
    expect(encodeQr('Hello, world!')).toHaveLength(21);
    // 142 bytes at level M: version 8 (49 × 49).
    expect(encodeQr(URI)).toHaveLength(49);
    expect(encodeQr('z'.repeat(213))).toHaveLength(57);
    expect(encodeQr('z'.repeat(214))).toBeNull();
  });

  it('draws the three finder patterns, the timing lines and the dark module', () => {
    const modules = encodeQr(URI)!;
    const size = modules.length;
    const finder = (x0: number, y0: number) =>
      Array.from({ length: 7 }, (_, y) =>
        Array.from({ length: 7 }, (_, x) => (modules[y0 + y]![x0 + x] ? '#' : '.')).join(''),
      );
    const expected = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    expect(finder(0, 0)).toStrictEqual(expected);
    expect(finder(size - 7, 0)).toStrictEqual(expected);
    expect(finder(0, size - 7)).toStrictEqual(expected);
    for (let i = 8; i < size - 8; i++) {
      expect(modules[6]![i]).toBe(i % 2 === 0);
      expect(modules[i]![6]).toBe(i % 2 === 0);
    }
    expect(modules[size - 8]![8]).toBe(true);
  });
});
