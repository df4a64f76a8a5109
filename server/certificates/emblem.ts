import type { CertificateCanvas, PathOp, Rgb } from './canvas';
import type { Shaper } from './shaping';

/**
 * The competition's emblem on the certificates: the app's icon (manifest/icon.svg) drawn as PDF
 * vectors, never a picture. These are the icon's own shapes and numbers (a test reads the SVG and
 * compares), in its 512-unit box with y downwards; `drawEmblem` places and flips them.
 */
export const ICON = {
  size: 512,
  badge: { radius: 112, from: '#7b3fb0', to: '#e0457b' },
  star: { d: 'M256 92l44 98 107 11-80 72 23 105-94-54-94 54 23-105-80-72 107-11z', fill: '#ffd35c' },
  eyes: { circles: [{ cx: 226, cy: 250, r: 14 }, { cx: 286, cy: 250, r: 14 }], fill: '#5b2a86' },
  smile: { d: 'M218 292q38 36 76 0', width: 14, stroke: '#5b2a86' },
  label: { text: 'KTC', x: 256, y: 452, size: 58, fill: '#fff' },
} as const;

export function hexColour(hex: string): Rgb {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const value = Number.parseInt(full.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** SVG path data (M, L, H, V, C, Q, Z, absolute or relative) as moves, lines and cubic curves. */
export function svgPath(d: string): PathOp[] {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  const ops: PathOp[] = [];
  let command = '';
  let x = 0;
  let y = 0;
  /** Where the subpath began: Z draws back to it. */
  let start = [0, 0] as [number, number];
  let index = 0;
  const next = (): number => {
    const token = tokens[index++];
    if (token === undefined || /[a-zA-Z]/.test(token)) throw new Error(`Path data ends early: ${d}`);
    return Number(token);
  };
  while (index < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[index] ?? '')) command = tokens[index++] ?? '';
    const relative = command === command.toLowerCase();
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    switch (command.toUpperCase()) {
      case 'M':
        x = dx + next();
        y = dy + next();
        start = [x, y];
        ops.push(['M', x, y]);
        // Pairs after a move are lines.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        x = dx + next();
        y = dy + next();
        ops.push(['L', x, y]);
        break;
      case 'H':
        x = dx + next();
        ops.push(['L', x, y]);
        break;
      case 'V':
        y = dy + next();
        ops.push(['L', x, y]);
        break;
      case 'C': {
        const [x1, y1, x2, y2] = [dx + next(), dy + next(), dx + next(), dy + next()];
        x = dx + next();
        y = dy + next();
        ops.push(['C', x1, y1, x2, y2, x, y]);
        break;
      }
      case 'Q': {
        // A quadratic curve is the cubic whose controls lie two thirds of the way to its one control.
        const [qx, qy] = [dx + next(), dy + next()];
        const [endX, endY] = [dx + next(), dy + next()];
        ops.push(['C', x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), endX + (2 / 3) * (qx - endX), endY + (2 / 3) * (qy - endY), endX, endY]);
        [x, y] = [endX, endY];
        break;
      }
      case 'Z':
        ops.push(['Z']);
        [x, y] = start;
        break;
      default:
        throw new Error(`Path command ${command} is not drawn: ${d}`);
    }
  }
  return ops;
}

/** How far a cubic's controls sit along the tangents to draw a quarter circle. */
const KAPPA = 0.5523;

export function circlePath(cx: number, cy: number, r: number): PathOp[] {
  const k = r * KAPPA;
  return [
    ['M', cx + r, cy],
    ['C', cx + r, cy + k, cx + k, cy + r, cx, cy + r],
    ['C', cx - k, cy + r, cx - r, cy + k, cx - r, cy],
    ['C', cx - r, cy - k, cx - k, cy - r, cx, cy - r],
    ['C', cx + k, cy - r, cx + r, cy - k, cx + r, cy],
    ['Z'],
  ];
}

export function roundedRectPath(x: number, y: number, width: number, height: number, r: number): PathOp[] {
  const k = r * (1 - KAPPA);
  const [right, bottom] = [x + width, y + height];
  return [
    ['M', x + r, y],
    ['L', right - r, y],
    ['C', right - k, y, right, y + k, right, y + r],
    ['L', right, bottom - r],
    ['C', right, bottom - k, right - k, bottom, right - r, bottom],
    ['L', x + r, bottom],
    ['C', x + k, bottom, x, bottom - k, x, bottom - r],
    ['L', x, y + r],
    ['C', x, y + k, x + k, y, x + r, y],
    ['Z'],
  ];
}

/** The path moved and scaled onto the page: (x, y) is where the icon's (0, 0) lands, y flipped (PDF's y goes up). */
export function placePath(ops: readonly PathOp[], x: number, y: number, scale: number): PathOp[] {
  return ops.map((op): PathOp => {
    switch (op[0]) {
      case 'M':
      case 'L':
        return [op[0], x + op[1] * scale, y - op[2] * scale];
      case 'C':
        return ['C', x + op[1] * scale, y - op[2] * scale, x + op[3] * scale, y - op[4] * scale, x + op[5] * scale, y - op[6] * scale];
      case 'Z':
        return op;
    }
  });
}

const STAR = svgPath(ICON.star.d);

/** The icon's star, its centre at (cx, cy) on the page and `size` points from its top to its feet. */
export function starPath(cx: number, cy: number, size: number): PathOp[] {
  // The star spans y 92 to 378 and is centred on x 256 in the icon.
  const scale = size / (378 - 92);
  return placePath(STAR, cx - 256 * scale, cy + ((92 + 378) / 2) * scale, scale);
}

type PlacedEmblem = { badge: PathOp[]; star: PathOp[]; eyes: PathOp[]; smile: PathOp[] };
/** The emblem's shapes where they were last placed (every certificate puts it in the same place). */
let placed: { at: string; shapes: PlacedEmblem } | undefined;

function placedEmblem(x: number, top: number, scale: number): PlacedEmblem {
  const at = `${x} ${top} ${scale}`;
  if (placed?.at !== at) {
    const place = (ops: readonly PathOp[]) => placePath(ops, x, top, scale);
    placed = {
      at,
      shapes: {
        badge: place(roundedRectPath(0, 0, ICON.size, ICON.size, ICON.badge.radius)),
        star: place(STAR),
        eyes: place(ICON.eyes.circles.flatMap((eye) => circlePath(eye.cx, eye.cy, eye.r))),
        smile: place(svgPath(ICON.smile.d)),
      },
    };
  }
  return placed.shapes;
}

/** Draws the emblem in the square whose top left corner is (x, top) on the page, `size` points wide. */
export function drawEmblem(canvas: CertificateCanvas, shaper: Shaper, x: number, top: number, size: number): void {
  const scale = size / ICON.size;
  const shapes = placedEmblem(x, top, scale);
  // The SVG's gradient runs from the top left corner to the bottom right one.
  canvas.gradientPath(shapes.badge, hexColour(ICON.badge.from), hexColour(ICON.badge.to), [x, top], [x + size, top - size]);
  canvas.fillPath(shapes.star, hexColour(ICON.star.fill));
  canvas.fillPath(shapes.eyes, hexColour(ICON.eyes.fill));
  canvas.strokePath(shapes.smile, ICON.smile.width * scale, hexColour(ICON.smile.stroke));
  const label = shaper.shape(ICON.label.text, 'bold');
  const labelSize = ICON.label.size * scale;
  canvas.text(label, x + ICON.label.x * scale - (label.width * labelSize) / 2, top - ICON.label.y * scale, labelSize, hexColour(ICON.label.fill));
}
