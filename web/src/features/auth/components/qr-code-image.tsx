import { useMemo } from 'react';
import { encodeQr } from '../../../lib/qr-code';

/** The quiet zone the standard asks around a code, in modules. */
const QUIET = 4;

/** A QR code of `text` as an SVG (one path of dark modules), or nothing when it is too long. */
export function QrCodeImage({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => encodeQr(text), [text]);
  if (!modules) return null;
  const size = modules.length + QUIET * 2;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET},${y + QUIET}h1v1h-1z`;
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
