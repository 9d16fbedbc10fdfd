import { insertExifSegment } from '../lib/jpeg-exif.js';
import { type ExifFixture, exifSegment } from './exif-fixture.js';

export interface FieldPhotoOptions {
  name: string;
  width?: number;
  height?: number;
  /** The EXIF a camera would have written; none when left out. */
  exif?: ExifFixture;
  /** The sky's hue, so photos of one story tell apart. */
  hue?: number;
}

/**
 * A camera-like JPEG made in the browser: a drawn site (sky, ground, a building going up),
 * encoded by the canvas, with hand-written EXIF spliced in. Same options, same bytes, so
 * screenshots of the stories that use it stay the same.
 */
export async function fieldPhoto({
  name,
  width = 640,
  height = 480,
  exif,
  hue = 205,
}: FieldPhotoOptions): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2d canvas');
  // Orientation 6 (a phone held upright): the sensor's pixels hold the scene turned a quarter
  // anticlockwise, and a viewer turns it back. Drawn that way, the scene shows upright.
  const turned = exif?.orientation === 6;
  if (turned) {
    context.translate(0, height);
    context.rotate(-Math.PI / 2);
  }
  drawSite(context, turned ? height : width, turned ? width : height, hue);
  const encoded = new Uint8Array(
    await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
  );
  const bytes = exif ? insertExifSegment(encoded, exifSegment(exif)) : encoded;
  return new File([bytes as Uint8Array<ArrayBuffer>], name, {
    type: 'image/jpeg',
    lastModified: 0,
  });
}

/** Sky, ground and a building going up, filling `width`×`height`. */
function drawSite(
  context: OffscreenCanvasRenderingContext2D,
  width: number,
  height: number,
  hue: number,
) {
  context.fillStyle = `hsl(${hue} 70% 70%)`;
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'hsl(95 35% 42%)';
  context.fillRect(0, height * 0.65, width, height * 0.35);
  context.fillStyle = 'hsl(20 10% 55%)';
  context.fillRect(width * 0.3, height * 0.3, width * 0.4, height * 0.35);
  context.fillStyle = 'hsl(35 80% 50%)';
  for (let floor = 0; floor < 3; floor++) {
    context.fillRect(width * 0.28, height * (0.3 + floor * 0.12), width * 0.44, height * 0.02);
  }
}
