// Stops the test run with one clear line when the browser for the journeys is missing.
import { existsSync } from 'node:fs';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium not found at ${path}. Install it with "sudo apt-get install -y chromium" (or set CHROME_PATH), then run npm test again.`,
  );
  process.exit(1);
}
