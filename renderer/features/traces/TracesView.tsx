// The Traces view (PRX-2): every trace the frames carry (their requests' traceparent), newest first, and for the one
// picked, who called whom and a waterfall of its exchanges. Derived from the frames alone, as every view is
// (docs/architecture.md#frames-are-the-single-source-of-truth); the index is rebuilt only while this view is shown.

import { useMemo, useState } from 'react';
import { agentName } from '../../../shared/agentName';
import { indexTraces, traceDetail } from '../../../shared/timeline/traces';
import { useAppStore } from '../../store/appStore';
import { CallGraph } from './CallGraph';
import { TraceList } from './TraceList';
import { useSettledVersion } from './useSettledVersion';
import { Waterfall } from './Waterfall';
import './traces.css';

export function TracesView() {
  const frames = useAppStore((state) => state.frames);
  const version = useAppStore((state) => state.framesVersion);
  const agents = useAppStore((state) => state.agents);
  const settled = useSettledVersion(frames.length, version);
  const index = useMemo(() => {
    void settled;
    return indexTraces(frames);
  }, [frames, settled]);
  const [picked, setPicked] = useState<string | null>(null);
  const traceId = picked !== null && index.exchanges.has(picked) ? picked : index.traces[0]?.traceId;
  const detail = useMemo(() => {
    const exchanges = traceId === undefined ? undefined : index.exchanges.get(traceId);
    if (traceId === undefined || !exchanges) return undefined;
    const names = new Map(agents.map((agent) => [agent.id, agentName(agent)]));
    return traceDetail(traceId, exchanges, (id) => names.get(id));
  }, [index, traceId, agents]);

  if (index.traces.length === 0) {
    return (
      <div className="empty-state" data-testid="traces-empty">
        <p>
          No traces yet. Requests that carry a W3C <code>traceparent</code> header are grouped here by trace,
          across the app&apos;s own calls and proxied ones.
        </p>
        {index.malformed.length > 0 && <MalformedNote count={index.malformed.length} />}
      </div>
    );
  }
  return (
    <div className="traces" data-testid="traces">
      <TraceList traces={index.traces} selected={traceId} onSelect={setPicked} />
      {index.malformed.length > 0 && <MalformedNote count={index.malformed.length} />}
      {detail && (
        <section className="trace-detail" aria-label={`Trace ${detail.traceId}`} data-testid="trace-detail">
          <h3>Call graph</h3>
          <CallGraph nodes={detail.nodes} edges={detail.edges} />
          <h3>Waterfall</h3>
          <Waterfall detail={detail} />
        </section>
      )}
    </div>
  );
}

function MalformedNote({ count }: { count: number }) {
  return (
    <p className="muted" data-testid="traces-malformed">
      {count === 1 ? '1 request' : `${count.toLocaleString()} requests`} carried a traceparent that had to be
      ignored; the inspector says why.
    </p>
  );
}
