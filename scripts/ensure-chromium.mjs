// The browser journeys need Debian's Chromium. Install it when running as root; otherwise say what to install.
// The journeys are never skipped silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium package...`);
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}.\n` +
        `Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)`,
    );
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}; the browser tests cannot run.`);
  process.exit(1);
}
