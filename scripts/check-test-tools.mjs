// Stops the test run with one clear line when a tool the tests need is missing: the browser for
// the journeys, ffmpeg/ffprobe, which check entries' videos and make the tests' media, and
// poppler's tools, which read certificates back.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium not found at ${path}. Install it with "sudo apt-get install -y chromium" (or set CHROME_PATH), then run npm test again.`,
  );
  process.exit(1);
}

for (const tool of ['ffmpeg', 'ffprobe']) {
  try {
    execFileSync(tool, ['-version'], { stdio: 'ignore' });
  } catch {
    console.error(`${tool} not found on the PATH. Install it with "sudo apt-get install -y ffmpeg", then run npm test again.`);
    process.exit(1);
  }
}

// The certificates' tests read their PDFs back (pages, text, the QR code's image).
for (const tool of ['pdftoppm', 'pdftotext', 'pdfinfo']) {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
  } catch {
    console.error(`${tool} not found on the PATH. Install it with "sudo apt-get install -y poppler-utils", then run npm test again.`);
    process.exit(1);
  }
}
