/**
 * How every browser test and benchmark starts Debian's Chromium: never a downloaded browser, and
 * none of Chromium's background connections (this machine's network refuses them, noisily).
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
