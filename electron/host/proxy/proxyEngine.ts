// A recording proxy as the app and the command line run it (PRX-1): the forwarding core with its hooks in a fixed
// order (trace context, PRX-2; push configs through the receiver, PRX-1; fault rules, PRX-4, last, so a fault shapes
// exactly what the client gets) and the gRPC forwarder for a card's gRPC interface. Each proxy has its own fault
// rules, changed while traffic flows.

import { randomBytes } from 'node:crypto';
import { composeHooks } from '../../../shared/proxy/composeHooks';
import { parseFaultRules, type FaultRule } from '../../../shared/proxy/faultRules';
import type { ProxyHooks, ProxyOptions } from '../../../shared/proxy/proxyTypes';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { Recorder } from '../agent/recorder';
import type { PushService } from '../push/pushService';
import { faultHooks } from './faultHooks';
import { FaultRuleSet } from './faultRuleSet';
import { startGrpcForward } from './grpcForward';
import type { RulesValidation } from './proxyService';
import { pushRouteHooks } from './pushRouteHooks';
import { startRecordingProxy, type RunningProxy } from './recordingProxy';
import { traceHooks } from './traceHooks';

export interface ProxyEngineDeps {
  recorder: Recorder;
  /** The host's push side; without it, push configs reach the caller's webhook directly. */
  push?: Pick<PushService, 'relays' | 'receiverBaseUrl'>;
  /** Each exchange's final frame (the command line prints a line for each). */
  onExchange?: (frame: HttpFrame) => void;
}

export interface EngineProxy extends RunningProxy {
  /** Puts new fault rules in place (checked whole first); `[]` clears them. */
  loadFaultRules(json: unknown): RulesValidation;
  /** Calls `listener` after each exchange the proxy counts (its status moved); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function createProxyEngine(deps: ProxyEngineDeps) {
  return async (options: ProxyOptions, rules: readonly FaultRule[] = []): Promise<EngineProxy> => {
    const id = `proxy-${randomBytes(4).toString('hex')}`;
    const faults = new FaultRuleSet(rules);
    const routePush = options.routePush !== false && deps.push !== undefined;
    const receiverBase = routePush ? await deps.push!.receiverBaseUrl() : undefined;
    const parts: ProxyHooks[] = [traceHooks({ inject: options.injectTrace ?? false })];
    // Who hears that the counts moved (the proxy service, to publish the status without being asked).
    const listeners = new Set<() => void>();
    if (routePush) {
      parts.push(
        pushRouteHooks({
          relays: deps.push!.relays,
          receiverBaseUrl: () => receiverBase,
          agentId: `proxy:${id}`,
        }),
      );
    }
    parts.push(faultHooks(faults));
    const running = await startRecordingProxy(options, {
      recorder: deps.recorder,
      id,
      hooks: composeHooks(parts),
      faultRules: () => faults.size,
      onExchange: (frame) => {
        deps.onExchange?.(frame);
        for (const listener of listeners) listener();
      },
      // Trace context, push routing (the protobuf configs, grpcPushConfigs.ts) and faults apply as over HTTP.
      startGrpc: (upstream, proxyId, context) =>
        startGrpcForward({
          upstream,
          proxyId,
          listenUrl: context.listenUrl,
          generation: context.generation,
          publish: (frame) => {
            deps.recorder.publish(frame);
            if (frame.kind === 'http' && frame.state === 'done') context.seen(frame);
          },
          nextId: deps.recorder.deps.nextId,
          now: deps.recorder.deps.now,
          agentId: `proxy:${proxyId}`,
          hooks: composeHooks(parts),
        }),
    });
    return {
      ...running,
      // A hook set from outside runs after the proxy's own, never in place of them.
      setHooks: (extra) => running.setHooks(composeHooks([...parts, extra])),
      close: async () => {
        deps.push?.relays.forgetProxy(id);
        await running.close();
      },
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      loadFaultRules(json) {
        const parsed = parseFaultRules(json);
        if (!parsed.ok) return { ok: false, error: parsed.errors.join(' ') };
        faults.replace(parsed.rules);
        return { ok: true, count: parsed.rules.length };
      },
    };
  };
}
