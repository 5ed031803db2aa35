/** A photo as a phone stores it, for the image pipeline's tests. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** 1000 × 600 pixels stored sideways (EXIF orientation 6), with GPS in its EXIF. */
export async function phonePhoto(): Promise<Buffer> {
  const noise = randomBytes(1000 * 600 * 3);
  return sharp(noise, { raw: { width: 1000, height: 600, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2957/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4014/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
