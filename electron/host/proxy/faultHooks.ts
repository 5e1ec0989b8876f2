// Fault rules as the proxy's hooks (PRX-4, docs/proxy.md#fault-rules): `answerInstead` gives an error rule's answer
// without calling the agent, `shapeAnswer` wraps the agent's answer in the delays, drops, corruption or stall the
// rules ask for. Each request's plan is taken once, when the first hook sees it, so a rule changed mid-stream does not
// change a stream under way, and every fault applied is named in a FaultMark on the answer for its frame.

import { describeFault } from '../../../shared/proxy/faultMatch';
import type { FaultMark, ProxiedRequest, ProxyAnswer, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import type { HeaderList } from '../../../shared/wire/frame';
import type { UnitFraming } from '../../../shared/proxy/streamUnits';
import { errorAnswer } from './faultAnswers';
import { realFaultClock, type FaultClock } from './faultClock';
import { planIsEmpty, type FaultPlan, type FaultRuleSet } from './faultRuleSet';
import { shapedBody } from './faultShaping';

export interface FaultHookOptions {
  clock?: FaultClock;
}

function header(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** How the answer's events are framed, from its content type (and the binding, for gRPC). */
function framingOf(request: ProxiedRequest, answer: ProxyAnswer): UnitFraming | undefined {
  const type = (header(answer.headers, 'content-type') ?? '').toLowerCase();
  if (type.startsWith('text/event-stream')) return 'sse';
  if (request.binding === 'GRPC' || type.startsWith('application/grpc')) return 'grpc';
  return undefined;
}

/** One mark per fault the plan applies; the shaping may refine a detail once it knows how the stream went. */
function marksOf(plan: FaultPlan): FaultMark[] {
  return Object.values(plan).map(({ rule, action }) => ({
    ruleId: rule.id,
    kind: action.kind,
    detail: describeFault(action),
  }));
}

/** A changed body length no longer fits the upstream's Content-Length; the forwarder then frames the body itself. */
function withoutLength(headers: HeaderList, plan: FaultPlan): HeaderList {
  const resized = plan.corrupt !== undefined || plan.drop !== undefined || plan.stall !== undefined;
  return resized ? headers.filter(([key]) => key.toLowerCase() !== 'content-length') : headers;
}

export function faultHooks(rules: FaultRuleSet, options: FaultHookOptions = {}): ProxyHooks {
  const clock = options.clock ?? realFaultClock;
  const plans = new WeakMap<ProxiedRequest, FaultPlan>();
  const planFor = (request: ProxiedRequest): FaultPlan => {
    let plan = plans.get(request);
    if (!plan) {
      plan = rules.take(request);
      plans.set(request, plan);
    }
    return plan;
  };

  return {
    answerInstead(request) {
      const plan = planFor(request);
      if (!plan.error) return undefined;
      return { ...errorAnswer(request, plan.error.action), faults: marksOf(plan) };
    },

    shapeAnswer(request, answer, closed) {
      const plan = planFor(request);
      // An error answer is the rules' own; the upstream was never called, so there is nothing to shape.
      if (planIsEmpty(plan) || plan.error) return answer;
      const faults = [...(answer.faults ?? []), ...marksOf(plan)];
      const body = shapedBody(answer.body, {
        plan,
        framing: framingOf(request, answer),
        clock,
        closed,
        outcome(kind, detail) {
          const mark = faults.find((f) => f.kind === kind);
          if (mark) mark.detail = detail;
        },
      });
      return { ...answer, headers: withoutLength(answer.headers, plan), body, faults };
    },
  };
}
