// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@examiq/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@examiq/web'], { stdio: 'inherit' }),
];

function stopAll(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
