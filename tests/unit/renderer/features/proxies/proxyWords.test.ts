// The proxies panel's words for one running proxy (PRX-1, PRX-4, PRX-5): the upstream or the session served instead,
// generation and counts, the trace and push switches, and how many fault rules are active.

import { describe, expect, it } from 'vitest';
import type { ProxyStatus } from '../../../../../shared/proxy/proxyTypes';
import {
  activeRulesText,
  proxyCounts,
  proxySwitches,
  proxyUpstreamLabel,
} from '../../../../../renderer/features/proxies/proxyWords';

const live: ProxyStatus = {
  id: 'p1',
  upstream: 'http://127.0.0.1:9001/',
  listenUrl: 'http://127.0.0.1:41001',
  cardUrl: 'http://127.0.0.1:41001/.well-known/agent-card.json',
  generation: '1.0',
  exchanges: 1200,
  clients: 1,
  injectTrace: true,
  routePush: true,
  faultRules: 2,
};
const replaced: ProxyStatus = {
  ...live,
  generation: '0.3',
  exchanges: 1,
  clients: 2,
  injectTrace: false,
  routePush: false,
  replacedBy: 'run.switchboard',
};

describe('proxy words', () => {
  it('names the upstream, or the session served in its place', () => {
    expect(proxyUpstreamLabel(live)).toBe('http://127.0.0.1:9001/');
    expect(proxyUpstreamLabel(replaced)).toBe('Session run.switchboard');
  });

  it('says the generation and counts, singular and plural', () => {
    expect(proxyCounts(live)).toBe('A2A 1.0 · 1,200 exchanges · 1 client');
    expect(proxyCounts(replaced)).toBe('A2A 0.3 · 1 exchange · 2 clients');
  });

  it('says what each switch does', () => {
    expect(proxySwitches(live)).toBe('Trace context injected · push routed through Switchboard');
    expect(proxySwitches(replaced)).toBe('Trace context passed through · push left to the agent');
  });

  it('counts active fault rules', () => {
    expect(activeRulesText(0)).toBe('none active');
    expect(activeRulesText(2)).toBe('2 active');
  });
});
