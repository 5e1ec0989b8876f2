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

/** Foreign host names the attack project's Chromium resolves to 127.0.0.1, as an attacker's DNS would. */
export const FOREIGN_HOSTS = { evil: 'evil.test', rebind: 'rebind.test' } as const;

/**
 * The attack project's flags: the usual ones, the resolver rules that point the foreign names home, and Chromium's
 * Local Network Access checks off. Those would stop some attacks in the browser (a page not itself served from
 * loopback may not call loopback), but other browsers and older Chromiums lack them: the server must hold alone.
 */
export const ATTACK_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-features=LocalNetworkAccessChecks',
  `--host-resolver-rules=${Object.values(FOREIGN_HOSTS)
    .map((name) => `MAP ${name} 127.0.0.1`)
    .join(', ')}`,
];
