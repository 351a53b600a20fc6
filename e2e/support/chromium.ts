/**
 * Debian's Chromium, never a downloaded browser, with the flags that work on these machines
 * (no sandbox as root, no GPU, no background traffic to a closed network).
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};
