import type { ShapedText } from './shaping';

/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [number, number, number];

/** A point on the page, in points from the bottom left. */
export type Point = readonly [x: number, y: number];

/** A shape: moves, straight lines, cubic curves and closes, in page points. */
export type PathOp =
  | readonly ['M' | 'L', x: number, y: number]
  | readonly ['C', x1: number, y1: number, x2: number, y2: number, x: number, y: number]
  | readonly ['Z'];

/** What the design draws on: points, origin at the bottom left (the PDF writer's page). Vectors only, no pictures. */
export interface CertificateCanvas {
  fillRect(x: number, y: number, width: number, height: number, colour: Rgb): void;
  strokeRect(x: number, y: number, width: number, height: number, lineWidth: number, colour: Rgb): void;
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, colour: Rgb): void;
  /** Fills a shape (its subpaths by the non-zero rule). */
  fillPath(path: readonly PathOp[], colour: Rgb): void;
  /** Strokes a shape with round caps and joins. */
  strokePath(path: readonly PathOp[], lineWidth: number, colour: Rgb): void;
  /** Fills a shape with a linear gradient from `from` at `start` to `to` at `end`. */
  gradientPath(path: readonly PathOp[], from: Rgb, to: Rgb, start: Point, end: Point): void;
  /** Draws shaped text with its left end at x on the baseline y. */
  text(shaped: ShapedText, x: number, y: number, size: number, colour: Rgb): void;
  /** Draws the QR code of `text` in the square (x, y, size), with its quiet zone painted outside it. */
  qrCode(text: string, x: number, y: number, size: number, colour: Rgb): void;
}
