// `npm start`: install what is missing, build, then run the server (embedded database by default).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
build();
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
