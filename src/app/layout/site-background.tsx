import { useEffect, useRef, useState } from 'react';
import { useMotionPreference } from '@/hooks/motion-preference';
import { useAfterLoad } from '@/hooks/use-after-load';
import type { SphereScene } from './sphere-scene';

/** True when the GPU can draw the spheres: software WebGL would drain the phones we care about. */
function hardwareWebglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const options: WebGLContextAttributes = { failIfMajorPerformanceCaveat: true };
    const gl: WebGLRenderingContext | WebGL2RenderingContext | null =
      canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options);
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/**
 * The fixed decoration behind every page: a still gradient (always there, and all that shows
 * under reduced motion or without WebGL), the looping video, and the 300 glowing spheres.
 * Nothing here is on the critical path: the video and three.js start after the page has loaded.
 */
export function SiteBackground() {
  const { paused, reducedMotion, motionAllowed } = useMotionPreference();
  const afterLoad = useAfterLoad();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<SphereScene | null>(null);
  const [spheresOn, setSpheresOn] = useState(false);

  // three.js is imported only after first paint and only where it can run well.
  useEffect(() => {
    if (!afterLoad || reducedMotion || sceneRef.current) return;
    const canvas = canvasRef.current;
    if (!canvas || !hardwareWebglAvailable()) return;
    let cancelled = false;
    void import('./sphere-scene')
      .then(({ startSphereScene }) => {
        if (cancelled) return;
        sceneRef.current = startSphereScene(canvas);
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
    const video = videoRef.current;
    if (!video || !afterLoad) return;
    if (motionAllowed) {
      if (video.preload === 'none') {
        video.preload = 'auto';
        video.load();
      }
      // Autoplay can be refused (data saver); the poster then stays, which is fine.
      void video.play().catch(() => undefined);
    } else {
      video.pause();
    }
  }, [afterLoad, motionAllowed]);

  return (
    <div className={`site-background${spheresOn ? ' has-spheres' : ''}${paused ? ' is-paused' : ''}`} aria-hidden="true">
      <div className="site-background__gradient" />
      {reducedMotion ? null : (
        <video
          ref={videoRef}
          className="site-background__video"
          src="/videos/bg.mp4"
          poster="/videos/bg-poster.jpg"
          muted
          loop
          playsInline
          preload="none"
          width={640}
          height={360}
          tabIndex={-1}
        />
      )}
      <canvas ref={canvasRef} className="site-background__spheres" />
    </div>
  );
}
