import sharp from 'sharp';

/** A small real image of `format`, drawn by sharp. */
export async function realImage(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 40, height = 30): Promise<Uint8Array<ArrayBuffer>> {
  const image = sharp({ create: { width, height, channels: 3, background: '#5b2a86' } });
  const buffer = await image[format]().toBuffer();
  return Uint8Array.from(buffer);
}

/**
 * A TIFF/EXIF block as a camera writes it (little-endian): IFD0 with Artist and a pointer to a
 * GPS IFD holding latitude N 13° 4' 5" (Chennai).
 */
export function exifWithArtistAndGps(artist: string): Buffer {
  const artistBytes = Buffer.from(`${artist}\0`, 'latin1');
  // Layout: header (8) | IFD0: 2 entries (2 + 24 + 4) | GPS IFD: 2 entries (2 + 24 + 4) | artist | latitude.
  const ifd0 = 8;
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4;
  const artistAt = gpsIfd + 2 + 2 * 12 + 4;
  const latitudeAt = artistAt + artistBytes.length;
  const tiff = Buffer.alloc(latitudeAt + 24);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifd0, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  tiff.writeUInt16LE(2, ifd0);
  entry(ifd0 + 2, 0x013b, 2, artistBytes.length, artistAt); // Artist, ASCII
  entry(ifd0 + 14, 0x8825, 4, 1, gpsIfd); // GPSInfo IFD pointer
  tiff.writeUInt32LE(0, ifd0 + 26);
  tiff.writeUInt16LE(2, gpsIfd);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e); // GPSLatitudeRef "N" (inline)
  entry(gpsIfd + 14, 0x0002, 5, 3, latitudeAt); // GPSLatitude, 3 rationals
  tiff.writeUInt32LE(0, gpsIfd + 26);
  artistBytes.copy(tiff, artistAt);
  [13, 1, 4, 1, 5, 1].forEach((n, i) => tiff.writeUInt32LE(n, latitudeAt + i * 4));
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** Inserts JPEG segments (marker + payload) right after the SOI marker. */
export function withJpegSegments(jpeg: Uint8Array, segments: { marker: number; payload: Buffer }[]): Uint8Array<ArrayBuffer> {
  const parts = segments.map(({ marker, payload }) => {
    const header = Buffer.alloc(4);
    header.writeUInt8(0xff, 0);
    header.writeUInt8(marker, 1);
    header.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([header, payload]);
  });
  return Uint8Array.from(Buffer.concat([Buffer.from(jpeg.subarray(0, 2)), ...parts, Buffer.from(jpeg.subarray(2))]));
}

/** A real JPEG padded with comment segments to exactly `size` bytes. */
export async function jpegOfSize(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const base = await realImage('jpeg');
  const segments: { marker: number; payload: Buffer }[] = [];
  let missing = size - base.byteLength;
  while (missing > 0) {
    let segment = Math.min(missing, 4 + 65533);
    // A segment is at least its 4-byte header: never leave 1-3 bytes for the last one.
    if (missing - segment > 0 && missing - segment < 4) segment -= 4;
    segments.push({ marker: 0xfe, payload: Buffer.alloc(segment - 4, 0x20) });
    missing -= segment;
  }
  return withJpegSegments(base, segments);
}
