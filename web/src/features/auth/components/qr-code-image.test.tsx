import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import jsQR from 'jsqr';
import { QrCodeImage } from './qr-code-image';

const URI = 'otpauth://totp/SEO%20Agency:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=localhost';
const LABEL = 'QR code for your authenticator app';
const QUIET = 4;
const PIXELS_PER_MODULE = 4;

/** The drawn SVG read back into modules (true = dark), from its viewBox and its one path. */
function readModules(svg: SVGSVGElement): boolean[][] {
  const [x0, y0, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
  expect([x0, y0]).toStrictEqual([0, 0]);
  expect(width).toBe(height);
  const size = width!;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const d = svg.querySelector('path')!.getAttribute('d')!;
  const squares = [...d.matchAll(/M(\d+),(\d+)h1v1h-1z/g)];
  // Nothing in the path but unit squares.
  expect(squares.map(([square]) => square).join('')).toBe(d);
  for (const [, x, y] of squares) modules[Number(y)]![Number(x)] = true;
  return modules;
}

/** The modules as an RGBA image, PIXELS_PER_MODULE pixels a side each, black on white. */
function rasterise(modules: boolean[][]): { data: Uint8ClampedArray; side: number } {
  const side = modules.length * PIXELS_PER_MODULE;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      if (!modules[Math.floor(py / PIXELS_PER_MODULE)]![Math.floor(px / PIXELS_PER_MODULE)])
        continue;
      const offset = (py * side + px) * 4;
      data[offset] = data[offset + 1] = data[offset + 2] = 0;
    }
  }
  return { data, side };
}

/** The error correction level in the format information around the top-left finder (ISO/IEC 18004 §7.9). */
function errorCorrectionLevel(modules: boolean[][]): string {
  const at = (x: number, y: number) => modules[y + QUIET]![x + QUIET]!;
  const positions = [
    ...[0, 1, 2, 3, 4, 5].map((i) => [8, i]),
    [8, 7],
    [8, 8],
    [7, 8],
    ...[9, 10, 11, 12, 13, 14].map((i) => [14 - i, 8]),
  ];
  const bits =
    positions.reduce((value, [x, y], i) => value | (Number(at(x!, y!)) << i), 0) ^ 0x5412;
  return ['M', 'L', 'H', 'Q'][bits >>> 13]!;
}

describe('QrCodeImage', () => {
  it('draws a code that a QR decoder reads back to the same text', () => {
    const { getByRole } = render(<QrCodeImage text={URI} label={LABEL} />);
    const svg = getByRole('img', { name: LABEL }) as unknown as SVGSVGElement;
    expect(svg).toHaveAttribute('shape-rendering', 'crispEdges');
    const modules = readModules(svg);
    const size = modules.length;
    expect(svg.querySelector('rect')).toHaveAttribute('width', String(size));
    expect(svg.querySelector('rect')).toHaveAttribute('fill', '#fff');

    // The quiet zone: four light modules on every side.
    for (let i = 0; i < size; i++) {
      for (let q = 0; q < QUIET; q++) {
        expect([
          modules[q]![i],
          modules[size - 1 - q]![i],
          modules[i]![q],
          modules[i]![size - 1 - q],
        ]).toStrictEqual([false, false, false, false]);
      }
    }

    const { data, side } = rasterise(modules);
    const decoded = jsQR(data, side, side);
    expect(decoded?.data).toBe(URI);
    // 78 bytes at level M need version 5: 37 modules a side, plus the quiet zone.
    expect(decoded?.version).toBe(5);
    expect(size).toBe(17 + 4 * 5 + 2 * QUIET);
    expect(errorCorrectionLevel(modules)).toBe('M');
  });

  it('draws nothing when the text does not fit even version 40', () => {
    // Byte mode at level M holds at most 2331 bytes.
    const { container, rerender } = render(<QrCodeImage text={'z'.repeat(2331)} label={LABEL} />);
    expect(container.querySelector('svg')).toHaveAttribute(
      'viewBox',
      `0 0 ${177 + 2 * QUIET} ${177 + 2 * QUIET}`,
    );
    rerender(<QrCodeImage text={'z'.repeat(2332)} label={LABEL} />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
