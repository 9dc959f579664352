// Type-checks every workspace project in turn; exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';

const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench', 'scripts'];
for (const project of projects) {
  process.stdout.write(`tsc ${project}\n`);
  try {
    execFileSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  } catch {
    process.exit(1);
  }
}
