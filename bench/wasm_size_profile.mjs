// Where the page's wasm bytes go: the size of every function body, by name, grouped by where the
// code comes from (our rooms, Dear ImGui, SDL2, libc/libc++), with gzip estimates per group.
// Needs a wasm that keeps its function names: bench/wasm_size_profile.sh builds one
// (the page's own flags plus --profiling-funcs) and runs this.
//   node bench/wasm_size_profile.mjs FILE.wasm [--top N] [--json OUT] [--compare OTHER.wasm]
// --compare prints the functions whose size changed between OTHER (before) and FILE (after).
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

function readLeb(bytes, pos) {
  let result = 0, shift = 0, byte;
  do {
    byte = bytes[pos++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [result, pos];
}

// { functions: [{name, size, body}], imports: count, sections: {name: bytes} }
export function parseWasm(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error('not a wasm file');
  let pos = 8;
  let importedFunctions = 0;
  const bodies = [];
  const names = new Map();
  const sections = {};
  const sectionNames = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start',
    'element', 'code', 'data', 'datacount'];
  while (pos < bytes.length) {
    const id = bytes[pos++];
    let size;
    [size, pos] = readLeb(bytes, pos);
    const end = pos + size;
    let label = sectionNames[id] || `section ${id}`;
    if (id === 0) {
      let nameLength, p;
      [nameLength, p] = readLeb(bytes, pos);
      const customName = bytes.subarray(p, p + nameLength).toString('utf8');
      label = `custom:${customName}`;
      if (customName === 'name') {
        p += nameLength;
        while (p < end) {
          const sub = bytes[p++];
          let subSize;
          [subSize, p] = readLeb(bytes, p);
          const subEnd = p + subSize;
          if (sub === 1) {  // function names
            let count, q = p;
            [count, q] = readLeb(bytes, q);
            for (let i = 0; i < count; i++) {
              let index, length;
              [index, q] = readLeb(bytes, q);
              [length, q] = readLeb(bytes, q);
              names.set(index, bytes.subarray(q, q + length).toString('utf8'));
              q += length;
            }
          }
          p = subEnd;
        }
      }
    } else if (id === 2) {  // imports: functions imported take the first indices
      let count, p;
      [count, p] = readLeb(bytes, pos);
      for (let i = 0; i < count; i++) {
        let length;
        [length, p] = readLeb(bytes, p); p += length;  // module
        [length, p] = readLeb(bytes, p); p += length;  // field
        const kind = bytes[p++];
        if (kind === 0) { importedFunctions++; [, p] = readLeb(bytes, p); }
        else if (kind === 1) { p += 1; const flags = bytes[p++]; [, p] = readLeb(bytes, p); if (flags & 1) [, p] = readLeb(bytes, p); }
        else if (kind === 2) { const flags = bytes[p++]; [, p] = readLeb(bytes, p); if (flags & 1) [, p] = readLeb(bytes, p); }
        else if (kind === 3) { p += 2; }
      }
    } else if (id === 10) {  // code
      let count, p;
      [count, p] = readLeb(bytes, pos);
      for (let i = 0; i < count; i++) {
        let bodySize;
        const start = p;
        [bodySize, p] = readLeb(bytes, p);
        bodies.push(bytes.subarray(start, p + bodySize));
        p += bodySize;
      }
    }
    sections[label] = (sections[label] || 0) + (end - pos);
    pos = end;
  }
  const functions = bodies.map((body, i) => ({
    name: names.get(importedFunctions + i) || `function ${importedFunctions + i}`, size: body.length, body,
  }));
  return { functions, importedFunctions, sections };
}

function demangle(names) {
  try {
    const out = execFileSync('c++filt', { input: names.join('\n'), maxBuffer: 64 << 20 }).toString().split('\n');
    return names.map((n, i) => out[i] || n);
  } catch {
    return names;
  }
}

// Where a function's code comes from, by its demangled name.
function groupOf(name) {
  if (/^attn::ui::|^attn::ui\b/.test(name)) return 'ui';
  if (/^attn::(Renderer|HeatmapRenderer|PlotRenderer|ShaderProgram|GlState)|render/.test(name)) return 'render';
  if (/^attn::/.test(name) || /^attn_/.test(name)) return 'attn (core, app, platform)';
  if (/^ImGui|^Im[A-Z]|^stb|^ImGui_Impl/.test(name)) return 'Dear ImGui';
  if (/^SDL_|^Emscripten_|^SDL2?/.test(name)) return 'SDL2';
  if (/^std::|^__cxx|^operator new|^operator delete|^__cxa/.test(name)) return 'libc++';
  if (/^dlmalloc|^emmalloc|^malloc|^free|^mem|^str|^__|printf|scanf|^fmt_|^pop_arg|^wcs|^mb/.test(name)) return 'libc';
  return 'other';
}

export function profile(file) {
  const wasm = parseWasm(readFileSync(file));
  const demangled = demangle(wasm.functions.map((f) => f.name));
  wasm.functions.forEach((f, i) => { f.name = demangled[i]; f.group = groupOf(f.name); });
  const groups = new Map();
  for (const f of wasm.functions) {
    const g = groups.get(f.group) || { group: f.group, count: 0, bytes: 0, bodies: [] };
    g.count++; g.bytes += f.size; g.bodies.push(f.body);
    groups.set(f.group, g);
  }
  for (const g of groups.values()) { g.gzip = gzipSync(Buffer.concat(g.bodies), { level: 9 }).length; delete g.bodies; }
  return { file, sections: wasm.sections, functions: wasm.functions, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes) };
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => /\.wasm(\.orig)?$/.test(a) && args[args.indexOf(a) - 1] !== '--compare');
  if (!file) { console.error('usage: node bench/wasm_size_profile.mjs FILE.wasm [--top N] [--json OUT] [--compare OTHER.wasm]'); process.exit(2); }
  const top = Number(args[args.indexOf('--top') + 1]) || 40;
  const p = profile(file);
  console.log(`${file}: ${p.functions.length} functions`);
  console.log('\nsections (bytes):');
  for (const [name, bytes] of Object.entries(p.sections).sort((a, b) => b[1] - a[1])) console.log(`  ${String(bytes).padStart(9)}  ${name}`);
  console.log('\ncode by origin (bytes, gzip of the bodies alone):');
  for (const g of p.groups) console.log(`  ${String(g.bytes).padStart(9)} ${String(g.gzip).padStart(8)} gz  ${String(g.count).padStart(5)} fns  ${g.group}`);
  console.log(`\nlargest ${top} functions:`);
  for (const f of [...p.functions].sort((a, b) => b.size - a.size).slice(0, top))
    console.log(`  ${String(f.size).padStart(7)}  ${f.name.slice(0, 110)}`);
  const compareAt = args.indexOf('--compare');
  if (compareAt >= 0) {
    const before = profile(args[compareAt + 1]);
    const sizes = (list) => { const m = new Map(); for (const f of list) m.set(f.name, (m.get(f.name) || 0) + f.size); return m; };
    const a = sizes(before.functions), b = sizes(p.functions);
    const changes = [];
    for (const name of new Set([...a.keys(), ...b.keys()])) {
      const d = (b.get(name) || 0) - (a.get(name) || 0);
      if (d) changes.push([d, name]);
    }
    changes.sort((x, y) => Math.abs(y[0]) - Math.abs(x[0]));
    const total = changes.reduce((s, [d]) => s + d, 0);
    console.log(`\nchanged functions (after - before, bytes; net ${total}):`);
    for (const [d, name] of changes.slice(0, top)) console.log(`  ${String(d > 0 ? '+' + d : d).padStart(7)}  ${name.slice(0, 110)}`);
  }
  const jsonAt = args.indexOf('--json');
  if (jsonAt >= 0) {
    writeFileSync(args[jsonAt + 1], JSON.stringify({ file, sections: p.sections, groups: p.groups,
      functions: p.functions.map(({ name, size, group }) => ({ name, size, group })).sort((x, y) => y.size - x.size) }, null, 1));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
