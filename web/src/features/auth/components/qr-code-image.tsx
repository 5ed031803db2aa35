import { useMemo } from 'react';
import { encode } from 'uqr';

/** The quiet zone the standard asks around a code, in modules. */
const QUIET = 4;

/** The modules of `text` at error correction level M with the quiet zone (true = dark), or null when it does not fit. */
function encodeQr(text: string): boolean[][] | null {
  try {
    return encode(text, { ecc: 'M', border: QUIET }).data;
  } catch (error) {
    // uqr throws RangeError('Data too long') past version 40.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** A QR code of `text` as an SVG (one path of dark modules), or nothing when it is too long. */
export function QrCodeImage({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => encodeQr(text), [text]);
  if (!modules) return null;
  const size = modules.length;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x},${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 4}
      height={size * 4}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
