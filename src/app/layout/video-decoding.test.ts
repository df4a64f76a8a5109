import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_VIDEO_STREAM, decodesBackgroundVideoEfficiently } from './video-decoding';

const VIDEO = fileURLToPath(new URL('../../../public/videos/bg.mp4', import.meta.url));

afterEach(() => vi.unstubAllGlobals());

describe('the background video as the browser is asked about it', () => {
  it('describes public/videos/bg.mp4 as it is: codec, profile and level, size, frame rate, bit rate', async () => {
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_streams', '-of', 'json', VIDEO]);
    const [stream] = (JSON.parse(stdout) as { streams: Array<Record<string, string | number>> }).streams;
    // avc1.PPCCLL: profile 0x4D (Main), no constraint flags, level 0x1E (3.0).
    const [, profileHex, , levelHex] = /avc1\.([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})/.exec(BACKGROUND_VIDEO_STREAM.contentType)!;
    expect(stream).toMatchObject({ codec_name: 'h264', profile: 'Main', width: BACKGROUND_VIDEO_STREAM.width, height: BACKGROUND_VIDEO_STREAM.height });
    expect(parseInt(profileHex!, 16)).toBe(77); // H.264's number for Main
    expect(parseInt(levelHex!, 16)).toBe(stream!.level);
    expect(stream!.r_frame_rate).toBe(`${BACKGROUND_VIDEO_STREAM.framerate}/1`);
    expect(Number(stream!.bit_rate)).toBe(BACKGROUND_VIDEO_STREAM.bitrate);
  });

  it('plays only where it is decoded efficiently, and wherever the browser cannot tell', async () => {
    const answer = (info: Partial<MediaCapabilitiesDecodingInfo> | Error) =>
      vi.stubGlobal('navigator', { mediaCapabilities: { decodingInfo: vi.fn(async () => { if (info instanceof Error) throw info; return info; }) } });
    answer({ supported: true, smooth: true, powerEfficient: true });
    expect(await decodesBackgroundVideoEfficiently()).toBe(true);
    answer({ supported: true, smooth: true, powerEfficient: false });
    expect(await decodesBackgroundVideoEfficiently()).toBe(false);
    answer({ supported: false, smooth: false, powerEfficient: false });
    expect(await decodesBackgroundVideoEfficiently()).toBe(false);
    answer(new TypeError('unsupported configuration'));
    expect(await decodesBackgroundVideoEfficiently()).toBe(true);
    vi.stubGlobal('navigator', {});
    expect(await decodesBackgroundVideoEfficiently()).toBe(true);
  });
});
