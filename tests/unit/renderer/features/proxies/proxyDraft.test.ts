// The "Proxy an agent…" form's check (PRX-1, PRX-5) and the fault rules editor's JSON reading (PRX-4): what reaches
// the host, and the sentence each bad input gets, for the field at fault.

import { describe, expect, it } from 'vitest';
import { checkDraft, newDraft } from '../../../../../renderer/features/proxies/proxyDraft';
import { parseRulesText } from '../../../../../renderer/features/proxies/faultRulesText';

describe('proxy draft', () => {
  it('starts from the open agent’s card URL, trace off and push routed', () => {
    expect(newDraft('http://127.0.0.1:9001/.well-known/agent-card.json')).toEqual({
      upstream: 'http://127.0.0.1:9001/.well-known/agent-card.json',
      port: '',
      injectTrace: false,
      routePush: true,
      replace: false,
      replaceWith: '',
    });
    // A pasted card's "URL" is a file name: nothing to proxy.
    expect(newDraft('card.json').upstream).toBe('');
    expect(newDraft(undefined).upstream).toBe('');
  });

  it('turns a good draft into the host’s options', () => {
    const draft = { ...newDraft('http://127.0.0.1:9001/'), port: ' 8080 ', injectTrace: true };
    expect(checkDraft(draft)).toEqual({
      ok: true,
      options: { upstream: 'http://127.0.0.1:9001/', port: 8080, injectTrace: true, routePush: true },
    });
    const replaced = {
      ...newDraft('http://127.0.0.1:9001/'),
      replace: true,
      replaceWith: '/data/run.switchboard',
    };
    expect(checkDraft(replaced)).toMatchObject({
      ok: true,
      options: { replaceWith: '/data/run.switchboard' },
    });
    // A session path typed earlier is not sent once the switch is off again.
    const off = { ...replaced, replace: false };
    expect(checkDraft(off)).toEqual({
      ok: true,
      options: { upstream: 'http://127.0.0.1:9001/', injectTrace: false, routePush: true },
    });
  });

  it.each([
    [{ upstream: 'not a url' }, 'upstream', '“not a url” is not a URL'],
    [{ upstream: '' }, 'upstream', 'Type the agent to proxy'],
    [{ port: '0' }, 'port', 'The port is a number from 1 to 65535, or empty for a free one.'],
    [{ port: '65536' }, 'port', 'from 1 to 65535'],
    [{ port: '80a' }, 'port', 'from 1 to 65535'],
    [{ port: '-1' }, 'port', 'from 1 to 65535'],
    [{ replace: true }, 'replaceWith', 'Choose the saved session the proxy should serve.'],
  ])('refuses %j at its field', (change, field, error) => {
    const checked = checkDraft({ ...newDraft('http://127.0.0.1:9001/'), ...change });
    expect(checked).toMatchObject({ ok: false, field });
    if (!checked.ok) expect(checked.error).toContain(error);
  });
});

describe('fault rules text', () => {
  it('reads JSON as it is, leaving the rules to the host', () => {
    expect(parseRulesText('[{"kind":"stall"}]')).toEqual({ ok: true, rules: [{ kind: 'stall' }] });
    expect(parseRulesText('{"anything": 1}')).toEqual({ ok: true, rules: { anything: 1 } });
  });

  it('asks for rules when there are none', () => {
    expect(parseRulesText('  \n')).toEqual({
      ok: false,
      error: 'Type the rules as JSON, or Clear to remove them.',
    });
  });

  it('says where a syntax error is', () => {
    const parsed = parseRulesText('[\n  {"kind": stall}\n]');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatch(/^The rules are not valid JSON/);
      expect(parsed.error).toContain('line 2, column 12');
    }
  });
});
