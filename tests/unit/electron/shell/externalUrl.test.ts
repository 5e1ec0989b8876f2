// openExternal policy against a table of hostile links: only plain http(s) and mailto pass, and nothing that
// hides or disguises its destination.

import { describe, expect, it } from 'vitest';
import { checkExternalUrl } from '../../../../electron/shell/externalUrl';
import { offerExternal } from '../../../../electron/shell/navigation';

const refused: Array<[string, RegExp]> = [
  ['javascript:alert(document.domain)', /javascript:/],
  ['JaVaScRiPt:alert(1)', /javascript:/],
  ['data:text/html,<script>alert(1)</script>', /data:/],
  ['file:///etc/passwd', /file:/],
  ['file://attacker/share/run.exe', /file:/],
  ['smb://attacker.example/share', /smb:/],
  ['ms-msdt:/id%20PCWDiagnostic', /ms-msdt:/],
  ['vbscript:msgbox(1)', /vbscript:/],
  ['ftp://example.com/x', /ftp:/],
  ['chrome://settings', /chrome:/],
  ['app://switchboard/index.html', /app:/],
  ['https://paypal.com@evil.example/', /user name or password/],
  ['https://user:pass@example.com/', /user name or password/],
  ['https://example.com/\u202egpj.exe', /bidirectional|invisible/],
  ['https://exa\u200bmple.com/', /bidirectional|invisible/],
  ['https://example.com/\u0000', /control/],
  ['https://example.com/\r\nX-Injected: 1', /control/],
  ['\u0001javascript:alert(1)', /control/],
  [' https://example.com/', /white space/],
  ['https://example.com/ path', /white space/],
  ['https:\\\\evil.example\\x', /backslash/],
  ['not a url', /white space|not a valid/],
  ['//evil.example/x', /not a valid/],
  ['https://' + 'a'.repeat(9000) + '.com/', /longer than 8 KiB/],
];

const allowed = [
  'https://a2a-protocol.org/latest/',
  'http://127.0.0.1:8080/x?y=1#z',
  'mailto:dev@example.com',
];

describe('checkExternalUrl', () => {
  it.each(refused)('refuses %j', (url, reason) => {
    const verdict = checkExternalUrl(url);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });

  it.each(allowed)('allows %s', (url) => {
    expect(checkExternalUrl(url)).toMatchObject({ ok: true });
  });

  it('shows a look-alike host in punycode and warns', () => {
    const verdict = checkExternalUrl('https://аpple.com/login'); // first letter is Cyrillic
    expect(verdict).toMatchObject({ ok: true, shownAs: 'https://xn--pple-43d.com/login' });
    if (verdict.ok) expect(verdict.warning).toMatch(/international characters/);
  });
});

describe('offerExternal', () => {
  it('asks before opening and opens the normalized URL', async () => {
    const asked: string[] = [];
    const opened: string[] = [];
    const opener = {
      confirm: async (url: string) => (asked.push(url), true),
      open: async (url: string) => void opened.push(url),
    };
    expect(await offerExternal('HTTPS://Example.COM/a', opener)).toBe(true);
    expect(asked).toEqual(['https://example.com/a']);
    expect(opened).toEqual(['https://example.com/a']);
  });

  it('opens nothing when refused or cancelled', async () => {
    const opened: string[] = [];
    const cancel = { confirm: async () => false, open: async (url: string) => void opened.push(url) };
    expect(await offerExternal('https://example.com/', cancel)).toBe(false);
    expect(await offerExternal('javascript:alert(1)', { ...cancel, confirm: async () => true })).toBe(false);
    expect(opened).toEqual([]);
  });
});
