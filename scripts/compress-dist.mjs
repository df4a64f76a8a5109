// Precompresses the built text assets (brotli and gzip) so the server never compresses them per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? new URL('../dist/', import.meta.url).pathname);
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico|xml)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) {
      const source = readFileSync(path);
      if (source.length < 512) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      count++;
    }
  }
}

walk(dist);
console.log(`precompressed ${count} files in dist/`);
