/**
 * The background video's stream as the Media Capabilities API describes it: public/videos/bg.mp4,
 * H.264 Main profile level 3.0, 640 × 360, 24 frames a second, about 70 kbit/s (a test checks
 * the file against this).
 */
export const BACKGROUND_VIDEO_STREAM = {
  contentType: 'video/mp4; codecs="avc1.4D401E"',
  width: 640,
  height: 360,
  bitrate: 70_404,
  framerate: 24,
} as const;

/**
 * Whether this device decodes the background video in hardware. The video is decoration, and
 * decoding it in software takes a core for as long as it loops: on a two-core machine that core
 * was the one React's tasks needed after load, which then ran 3-10 times longer by the clock than
 * their own work. Phones decode H.264 in hardware and play it; where the browser cannot tell,
 * the video plays as before.
 */
export async function decodesBackgroundVideoEfficiently(): Promise<boolean> {
  const capabilities = (navigator as { mediaCapabilities?: MediaCapabilities }).mediaCapabilities;
  if (typeof capabilities?.decodingInfo !== 'function') return true;
  try {
    const info = await capabilities.decodingInfo({ type: 'file', video: { ...BACKGROUND_VIDEO_STREAM } });
    return info.supported && info.powerEfficient;
  } catch {
    return true;
  }
}
