// npm run studio: the page studio for editing pages/ on this machine. Starts the API (as
// `npm run dev:server`, without serving a build) and the Vite dev server, whose studio middleware
// saves an edited page straight to pages/; the app reloads with it. Development only: the
// production server has no way to write a page.
//   npm run studio   then open http://localhost:5173/studio (demo@example.com / demo-password is staff)
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`${name} stopped (${code ?? 'signal'}); stopping the studio.`);
    stop(code ?? 1);
  });
  children.push(child);
};

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill('SIGTERM');
  // leave once both have stopped (a signal handler keeps this process alive otherwise)
  void Promise.all(running.map((c) => new Promise((done) => c.once('exit', done)))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('API server', process.execPath, ['--import', 'tsx', 'server/main.ts'], { WEB_DIR: '' });
start('Vite dev server', process.execPath, ['node_modules/vite/bin/vite.js', '--port', process.env.STUDIO_PORT ?? '5173', '--strictPort']);
console.log(`Page studio: http://localhost:${process.env.STUDIO_PORT ?? '5173'}/studio (saves go to pages/; the API runs on :${process.env.PORT ?? '8080'})`);
