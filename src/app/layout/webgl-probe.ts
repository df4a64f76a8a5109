/**
 * Whether this device draws WebGL on a hardware GPU. The background's spheres (three.js) run
 * only there: software WebGL would drain the phones we care about. Creating the WebGL context
 * to find out takes tens of milliseconds on a slow phone, so it happens in a worker on an
 * OffscreenCanvas where the browser has one, and in a task of its own elsewhere.
 */
export function drawsWebglInHardware(canvas: HTMLCanvasElement | OffscreenCanvas): boolean {
  try {
    const options: WebGLContextAttributes = { failIfMajorPerformanceCaveat: true };
    const gl = (canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options)) as WebGLRenderingContext | WebGL2RenderingContext | null;
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/** Answers once, off the main thread where possible; `false` whenever the probe itself fails. */
export function probeHardwareWebgl(): Promise<boolean> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return probeOnMainThread();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./webgl-probe.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      void probeOnMainThread().then(resolve);
      return;
    }
    const finish = (answer: boolean) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<unknown>) => finish(event.data === true);
    worker.onerror = () => finish(false);
  });
}

function probeOnMainThread(): Promise<boolean> {
  return new Promise((resolve) => setTimeout(() => resolve(drawsWebglInHardware(document.createElement('canvas'))), 0));
}
