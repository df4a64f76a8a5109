// A dedicated worker: answers `true` or `false` once (see webgl-probe.ts).
import { drawsWebglInHardware } from './webgl-probe';

const scope = self as unknown as { postMessage(answer: boolean): void };
scope.postMessage(drawsWebglInHardware(new OffscreenCanvas(1, 1)));
