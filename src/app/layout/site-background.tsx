import { useEffect, useRef, useState } from 'react';
import { useMotionPreference } from '@/hooks/motion-preference';
import { useAfterLoad } from '@/hooks/use-after-load';
import { yieldToBrowser } from '@/lib/scheduling';
import type { SphereScene } from './sphere-scene';
import { decodesBackgroundVideoEfficiently } from './video-decoding';
import { probeHardwareWebgl } from './webgl-probe';

/**
 * The looping video: muted, inline, fetched only once started after load (its poster until then).
 * Its stream is described in video-decoding.ts.
 */
const BACKGROUND_VIDEO = {
  __html:
    '<video class="site-background__video" src="/videos/bg.mp4" poster="/videos/bg-poster.jpg" muted loop playsinline preload="none" width="640" height="360" tabindex="-1"></video>',
};

/**
 * The fixed decoration behind every page: a still gradient (always there, and all that shows
 * under reduced motion or without WebGL), the looping video (where the device decodes it in
 * hardware), and the 300 glowing spheres.
 * Nothing here is on the critical path: the video and three.js start after the page has loaded,
 * once every other widget waiting for that moment is in (useAfterLoad).
 */
export function SiteBackground() {
  const { paused, reducedMotion, motionAllowed } = useMotionPreference();
  const afterLoad = useAfterLoad('decoration');
  const mediaRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<SphereScene | null>(null);
  const [spheresOn, setSpheresOn] = useState(false);

  // three.js is imported only after first paint and only where it can run well (webgl-probe.ts).
  useEffect(() => {
    if (!afterLoad || reducedMotion || sceneRef.current) return;
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    void probeHardwareWebgl()
      .then((hardware) => (hardware && !cancelled ? import('./sphere-scene') : null))
      .then((scene) => {
        if (!scene || cancelled) return;
        sceneRef.current = scene.startSphereScene(canvas);
        setSpheresOn(true);
      })
      .catch(() => {
        // Offline before the chunk was cached, or WebGL failed: the gradient stays, quietly.
      });
    return () => {
      cancelled = true;
    };
  }, [afterLoad, reducedMotion]);

  useEffect(() => () => sceneRef.current?.dispose(), []);

  useEffect(() => {
    sceneRef.current?.setRunning(motionAllowed);
  }, [motionAllowed, spheresOn]);

  useEffect(() => {
    const video = mediaRef.current?.querySelector('video');
    if (!video || !afterLoad) return;
    if (!motionAllowed) {
      video.pause();
      return;
    }
    // Only where it is decoded in hardware (video-decoding.ts). Starting it sets up the browser's
    // media player (~10 ms here, four times that on a slow phone): in a task of its own, not
    // with the other effects of the same commit.
    let cancelled = false;
    void decodesBackgroundVideoEfficiently().then(async (efficient) => {
      if (!efficient || cancelled) return;
      await yieldToBrowser();
      if (cancelled) return;
      if (video.preload === 'none') {
        video.preload = 'auto';
        video.load();
      }
      // Autoplay can be refused (data saver); the poster then stays, which is fine.
      void video.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [afterLoad, motionAllowed]);

  return (
    <div className={`site-background${spheresOn ? ' has-spheres' : ''}${paused ? ' is-paused' : ''}`} aria-hidden="true">
      <div className="site-background__gradient" />
      {/* Markup React leaves alone: on a <video> it renders, React listens for each of its two
          dozen media events, and every one (timeupdate four times a second as it plays) ran
          React's event handling in a task of its own, beside the decoding. Hidden by the
          stylesheet under reduced motion, and never started there (above). */}
      <div ref={mediaRef} className="site-background__media" dangerouslySetInnerHTML={BACKGROUND_VIDEO} />
      <canvas ref={canvasRef} className="site-background__spheres" />
    </div>
  );
}
