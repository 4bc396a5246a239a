// Writes a brotli copy (FILE.br, quality 11, the largest window) beside each file named on the
// command line, for static hosts that send precompressed brotli (nginx brotli_static, Caddy's
// precompressed br, Netlify and Cloudflare Pages, which compress themselves). Node's zlib has
// brotli built in, so the build needs nothing beyond the Node that Emscripten already runs on.
// Usage: node scripts/brotli_copies.mjs dist.tmp/*.wasm dist.tmp/*.js ...
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

if (process.argv.length < 3) {
  console.error('usage: node scripts/brotli_copies.mjs FILE...');
  process.exit(2);
}
for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(file + '.br', packed);
}
