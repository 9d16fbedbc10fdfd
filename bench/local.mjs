// What the benches, the docs' screenshot script and the test suites share about the machine they
// run on: a free local port for a server they start, and how Chromium is launched (Debian's
// package; nothing may be downloaded here, so no browser comes from Playwright).
import { createServer } from 'node:net';

/** A local TCP port nothing listens on right now (for a server the caller is about to start). */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Launch options for headless Chromium (`CHROMIUM_PATH` overrides Debian's /usr/bin/chromium). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
