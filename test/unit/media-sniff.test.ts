/** What an upload is, from its bytes: JPEG, PNG, WebP or SVG, whatever its name; the rest is a 415. */
import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { rasterSize, sniffImage } from '../../src/modules/media/domain/sniff-image.js';
import { png } from '../support/png.js';

/** The markers that give a JPEG's size (SOI, JFIF, an optional EXIF orientation, SOF0, EOI). */
function jpeg(width: number, height: number, orientation?: number): Buffer {
  const jfif = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  // APP1 "Exif\0\0", big-endian TIFF header, one IFD entry: 0x0112 Orientation, SHORT, 1 value.
  const exif = orientation
    ? [0xff, 0xe1, 0, 34, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8].concat([
        0,
        1,
        0x01,
        0x12,
        0,
        3,
        0,
        0,
        0,
        1,
        0,
        orientation,
        0,
        0,
        0,
        0,
        0,
        0,
      ])
    : [];
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255].concat([
    3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  return Buffer.from([0xff, 0xd8, ...jfif, ...exif, ...sof, 0xff, 0xd9]);
}

/** A lossless WebP header (RIFF, VP8L with its 14-bit sizes). */
function webp(width: number, height: number): Buffer {
  const data = Buffer.alloc(6);
  data[0] = 0x2f;
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from([5, 0, 0, 0]), data]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}

const text = (value: string) => Buffer.from(value, 'utf8');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><rect/></svg>';

async function refused(bytes: Uint8Array, message?: RegExp): Promise<void> {
  const sniffed = sniffImage(bytes);
  await expect(sniffed).rejects.toThrow(HttpException);
  const error = (await sniffed.catch((e: unknown) => e)) as HttpException;
  expect(error.getStatus()).toBe(415);
  if (message) expect(error.message).toMatch(message);
}

/** What `fn` throws, or undefined. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('media type sniffing', () => {
  it('recognises JPEG, PNG and WebP by their bytes', async () => {
    expect(await sniffImage(jpeg(40, 30))).toStrictEqual({ kind: 'jpeg' });
    expect(await sniffImage(png(3, 2))).toStrictEqual({ kind: 'png' });
    expect(await sniffImage(webp(7, 5))).toStrictEqual({ kind: 'webp' });
  });

  it('refuses an animated PNG with its reason (re-encoding would keep one frame)', async () => {
    const still = png(3, 2);
    // An acTL chunk (2 frames, played forever) right after IHDR makes it an APNG.
    const actlData = Buffer.from([0, 0, 0, 2, 0, 0, 0, 0]);
    const actl = Buffer.concat([
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('acTL'),
      actlData,
      Buffer.alloc(4), // the CRC: file-type does not check it
    ]);
    const ihdrEnd = 8 + 4 + 4 + 13 + 4;
    const apng = Buffer.concat([still.subarray(0, ihdrEnd), actl, still.subarray(ihdrEnd)]);
    await refused(apng, /Animated PNGs are not accepted/);
  });

  it('recognises SVG as XML text with an <svg> root, with or without an XML declaration', async () => {
    for (const source of [
      SVG,
      `<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`,
      `\uFEFF  \n<!-- drawn by hand -->\n${SVG}`,
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${SVG}`,
    ]) {
      const sniffed = await sniffImage(text(source));
      expect(sniffed.kind).toBe('svg');
    }
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SVG, 'utf16le')]);
    expect((await sniffImage(utf16)).kind).toBe('svg'); // UTF-16 with a byte order mark
  });

  it('refuses text, HTML, other XML and other binary types with 415', async () => {
    await refused(text('just some text, in a file named photo.png'));
    await refused(text('<!doctype html><html><body><svg></svg></body></html>'));
    await refused(text('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>'));
    await refused(text('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'), /JPEG, PNG, WebP/);
    await refused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    await refused(text('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    await refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]));
    await refused(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00])); // not valid UTF-16 text either
    await refused(Buffer.alloc(0));
  });

  it('refuses an <svg> outside the SVG namespace, and entity declarations, saying why', async () => {
    await refused(text('<svg width="10" height="10"><rect/></svg>'), /namespace/);
    await refused(
      text(
        `<!DOCTYPE svg [<!ENTITY a "${'a'.repeat(100)}">]><svg xmlns="http://www.w3.org/2000/svg">&a;&a;</svg>`,
      ),
      /ENTITY/,
    );
  });

  it('reads the size of JPEG, PNG and WebP, turned by a JPEG’s EXIF orientation', () => {
    expect(rasterSize(png(3, 2))).toStrictEqual({ width: 3, height: 2 });
    expect(rasterSize(jpeg(40, 30))).toStrictEqual({ width: 40, height: 30 });
    expect(rasterSize(jpeg(40, 30, 6))).toStrictEqual({ width: 30, height: 40 }); // rotated 90°
    expect(rasterSize(jpeg(40, 30, 3))).toStrictEqual({ width: 40, height: 30 }); // rotated 180°
    expect(rasterSize(webp(7, 5))).toStrictEqual({ width: 7, height: 5 });
  });

  it('refuses with 415 an image whose size cannot be read', () => {
    const truncated = png(3, 2).subarray(0, 12);
    const error = thrownBy(() => rasterSize(truncated));
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(415);
  });
});
