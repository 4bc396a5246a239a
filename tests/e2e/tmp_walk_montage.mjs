import { PNG } from 'pngjs';
import { readFileSync, writeFileSync } from 'node:fs';
const [out, x0, y0, w, h, cols, ...files] = process.argv.slice(2);
const X=+x0,Y=+y0,W=+w,Hh=+h,C=+cols;
const rows = Math.ceil(files.length / C);
const dst = new PNG({ width: W*C, height: Hh*rows });
dst.data.fill(255);
files.forEach((f, i) => {
  const src = PNG.sync.read(readFileSync(f));
  const sx = src.width / 1366 > 1.5 ? 2 : 1; // not used
  PNG.bitblt(src, dst, X, Y, Math.min(W, src.width - X), Math.min(Hh, src.height - Y), (i % C) * W, Math.floor(i / C) * Hh);
});
writeFileSync(out, PNG.sync.write(dst));
