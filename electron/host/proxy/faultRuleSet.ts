// The fault rules one proxy runs (PRX-4, docs/proxy.md#fault-rules), changeable while traffic flows: each request
// takes its plan from the rules as they are when it arrives, so a new rule applies to the next request and a stream
// already under way keeps the plan it started with. `times` counts the requests a rule was applied to.

import {
  parseFaultRules,
  type FaultAction,
  type FaultRule,
  type FaultRulesResult,
} from '../../../shared/proxy/faultRules';
import { requestOperation, ruleMatches } from '../../../shared/proxy/faultMatch';
import type { ProxiedRequest } from '../../../shared/proxy/proxyTypes';

type ActionOf<K extends FaultAction['kind']> = Extract<FaultAction, { kind: K }>;

/** What one request gets: at most one rule per kind, the first in list order that matched. */
export interface FaultPlan {
  error?: { rule: FaultRule; action: ActionOf<'error'> };
  stall?: { rule: FaultRule; action: ActionOf<'stall'> };
  firstByte?: { rule: FaultRule; action: ActionOf<'delay-first-byte'> };
  events?: { rule: FaultRule; action: ActionOf<'delay-events'> };
  drop?: { rule: FaultRule; action: ActionOf<'drop-stream'> };
  corrupt?: { rule: FaultRule; action: ActionOf<'corrupt-event'> };
}

const faultableBindings = new Set<ProxiedRequest['binding']>(['JSONRPC', 'HTTP+JSON', 'GRPC']);

export function planIsEmpty(plan: FaultPlan): boolean {
  return Object.keys(plan).length === 0;
}

const planKey = {
  error: 'error',
  stall: 'stall',
  'delay-first-byte': 'firstByte',
  'delay-events': 'events',
  'drop-stream': 'drop',
  'corrupt-event': 'corrupt',
} as const satisfies Record<FaultAction['kind'], keyof FaultPlan>;

export class FaultRuleSet {
  private rules: FaultRule[] = [];
  /** How many requests each rule (by id) was applied to, for `times`. */
  private readonly applied = new Map<string, number>();

  constructor(rules: readonly FaultRule[] = []) {
    this.replace(rules);
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => structuredClone(rule));
  }

  get size(): number {
    return this.rules.length;
  }

  /**
   * Puts a new list in place. A rule kept unchanged under the same id keeps its count of uses, so editing one rule
   * does not re-arm a `times` the others have used up.
   */
  replace(rules: readonly FaultRule[]): void {
    const before = new Map(this.rules.map((rule) => [rule.id, JSON.stringify(rule)]));
    for (const rule of rules) if (before.get(rule.id) !== JSON.stringify(rule)) this.applied.delete(rule.id);
    this.rules = rules.map((rule) => structuredClone(rule));
  }

  /** Validates rules from outside (a file, the editor) and puts them in place only when all of them are good. */
  load(input: unknown): FaultRulesResult {
    const parsed = parseFaultRules(input);
    if (parsed.ok) this.replace(parsed.rules);
    return parsed;
  }

  /** Turns one rule on or off; false when no rule has that id. */
  setEnabled(id: string, enabled: boolean): boolean {
    const rule = this.rules.find((r) => r.id === id);
    if (!rule) return false;
    this.rules = this.rules.map((r) => (r.id === id ? { ...r, enabled } : r));
    return true;
  }

  /** How many requests a rule has been applied to. */
  uses(id: string): number {
    return this.applied.get(id) ?? 0;
  }

  /**
   * The faults one request gets, counting it against each applied rule's `times`. An error answers instead of the
   * agent and a stall sends nothing, so either one stands alone and the other rules are not used up by it.
   */
  take(request: ProxiedRequest): FaultPlan {
    // Faults are for A2A calls: the card the proxy serves (rewritten) and stray requests go through as they are.
    // With no rules nothing is read of the request, whose operation is then worked out after it has left.
    if (!faultableBindings.has(request.binding) || this.rules.length === 0) return {};
    const operation = requestOperation(request);
    const candidates: Partial<Record<keyof FaultPlan, FaultRule>> = {};
    for (const rule of this.rules) {
      const key = planKey[rule.action.kind];
      if (candidates[key] || !ruleMatches(rule, request, operation)) continue;
      if (rule.times !== undefined && this.uses(rule.id) >= rule.times) continue;
      candidates[key] = rule;
    }
    const only = candidates.error ? 'error' : candidates.stall ? 'stall' : undefined;
    const chosen = only ? { [only]: candidates[only] } : candidates;
    const plan: Record<string, { rule: FaultRule; action: FaultAction }> = {};
    for (const [key, rule] of Object.entries(chosen)) {
      if (!rule) continue;
      this.applied.set(rule.id, this.uses(rule.id) + 1);
      plan[key] = { rule, action: rule.action };
    }
    return plan as FaultPlan;
  }
}
