// Renders manifest/*.svg to the PNG icons and favicon.ico in public/, with Debian's Chromium.
// Run after changing an icon source: `npm run icons`. The outputs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();

async function render(svgFile, size) {
  const svg = readFileSync(new URL(`../manifest/${svgFile}`, import.meta.url), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg style="width:${size}px;height:${size}px;display:block" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

const out = (name) => new URL(`../public/${name}`, import.meta.url);
writeFileSync(out('icons/icon-192.png'), await render('icon.svg', 192));
writeFileSync(out('icons/icon-512.png'), await render('icon.svg', 512));
writeFileSync(out('icons/icon-maskable-512.png'), await render('icon-maskable.svg', 512));
writeFileSync(out('icons/apple-touch-icon.png'), await render('icon-maskable.svg', 180));

// favicon.ico: an ICO directory wrapping two PNG images (32 and 16 px).
const pngs = [await render('icon.svg', 32), await render('icon.svg', 16)];
const header = Buffer.alloc(6 + 16 * pngs.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(pngs.length, 4);
let offset = header.length;
pngs.forEach((png, i) => {
  const size = i === 0 ? 32 : 16;
  const entry = 6 + i * 16;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync(out('favicon.ico'), Buffer.concat([header, ...pngs]));
await browser.close();
console.log('icons written to public/icons and public/favicon.ico');
