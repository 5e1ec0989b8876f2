// Flags for Debian's Chromium wherever Playwright launches it (the e2e projects, the UI benchmarks): no sandbox in
// containers, no GPU, and none of the background traffic a fresh profile would start.

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
