// Bundles the server into dist/main.js. Dependencies stay external (installed in node_modules);
// the workspace's TypeScript contracts are bundled in (stack-notes gotcha 10).
import { build } from 'esbuild';
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const webPkg = JSON.parse(readFileSync('../web/package.json', 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kontor/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

let commit = process.env.GIT_COMMIT ?? '';
if (!commit) {
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    commit = 'unknown';
  }
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/build-info.json', JSON.stringify({ version: pkg.version, webVersion: webPkg.version, commit }, null, 2));
