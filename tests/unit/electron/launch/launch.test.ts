// How `npm start` chooses an edition, and the browser edition's flags.

import { describe, expect, it } from 'vitest';
import { fallbackLine, planLaunch } from '../../../../electron/launch/launchPlan';
import { parseServerArgs } from '../../../../electron/web/serverArgs';

describe('planLaunch', () => {
  it('launches Electron when the binary and a display are there', () => {
    expect(
      planLaunch({ platform: 'linux', electron: { path: '/e/electron' }, env: { DISPLAY: ':0' } }),
    ).toEqual({
      edition: 'desktop',
      electronPath: '/e/electron',
    });
    expect(planLaunch({ platform: 'darwin', electron: { path: '/e/Electron' }, env: {} }).edition).toBe(
      'desktop',
    );
  });

  it('falls back to the browser edition when the binary could not be downloaded', () => {
    const plan = planLaunch({
      platform: 'linux',
      electron: { missing: 'its download failed: fetch failed' },
      env: { DISPLAY: ':0' },
    });
    expect(plan).toEqual({
      edition: 'browser',
      reason: 'the Electron binary is not available (its download failed: fetch failed)',
    });
  });

  it('falls back on Linux without a display', () => {
    const plan = planLaunch({ platform: 'linux', electron: { path: '/e/electron' }, env: {} });
    expect(plan.edition).toBe('browser');
    if (plan.edition === 'browser') expect(plan.reason).toMatch(/no display/);
  });

  it('says so in one line', () => {
    const line = fallbackLine('the Electron binary is not available (x)');
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/starting the browser edition instead/);
  });
});

describe('parseServerArgs', () => {
  it('reads --port and --open', () => {
    expect(parseServerArgs([])).toEqual({ port: 0, open: false, help: false });
    expect(parseServerArgs(['--port', '8123', '--open'])).toEqual({ port: 8123, open: true, help: false });
    expect(parseServerArgs(['--port=0'])).toEqual({ port: 0, open: false, help: false });
  });

  it.each([
    [['--port'], /--port needs a whole number/],
    [['--port', 'abc'], /--port needs a whole number/],
    [['--port', '70000'], /--port needs a whole number/],
    [['--port', '1.5'], /--port needs a whole number/],
    [['--host', '0.0.0.0'], /Unknown argument "--host"/],
  ])('refuses %j', (argv, message) => {
    const result = parseServerArgs(argv);
    expect('error' in result && result.error).toMatch(message);
  });
});

describe('openInBrowser', () => {
  it('reports failure when there is no opener, instead of throwing', async () => {
    const { openInBrowser } = await import('../../../../electron/web/openBrowser');
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await openInBrowser('http://127.0.0.1:1/', 'linux')).toBe(false);
    } finally {
      process.env.PATH = saved;
    }
  });
});
