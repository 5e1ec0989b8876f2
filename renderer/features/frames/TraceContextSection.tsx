// The W3C trace context a request carried (PRX-2), read for the inspector: trace id, parent (span) id, flags and the
// tracestate members, with what was wrong with the headers. Worked out from the frame's headers when shown, so
// frames recorded before this view existed show it too. Values are text nodes: a caller chose them.

import { useMemo } from 'react';
import type { HeaderList } from '../../../shared/wire/frame';
import { readTraceContext } from '../../../shared/wire/traceContext';
import { FindingsList } from './FindingsList';

const hasTraceHeaders = (headers: HeaderList): boolean =>
  headers.some(([name]) => /^trace(parent|state)$/i.test(name));

export function TraceContextSection({ headers }: { headers: HeaderList }) {
  const context = useMemo(
    () => (hasTraceHeaders(headers) ? readTraceContext(headers) : undefined),
    [headers],
  );
  if (!context) return null;
  const parent = context.traceparent;
  return (
    <section className="trace-context" aria-label="Trace context" data-testid="trace-context">
      <h3>Trace context</h3>
      {parent ? (
        <dl className="trace-fields">
          <dt>trace id</dt>
          <dd className="mono" data-testid="trace-context-trace-id">
            {parent.traceId}
          </dd>
          <dt>parent id</dt>
          <dd className="mono">{parent.parentId}</dd>
          <dt>flags</dt>
          <dd>
            {parent.flags.toString(16).padStart(2, '0')} ({parent.flags & 1 ? 'sampled' : 'not sampled'})
            {parent.version !== '00' ? `, version ${parent.version}` : ''}
          </dd>
          {context.tracestate.length > 0 && (
            <>
              <dt>tracestate</dt>
              <dd className="mono">
                {context.tracestate.map((member) => `${member.key}=${member.value}`).join(', ')}
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">No usable traceparent: this request belongs to no trace.</p>
      )}
      <FindingsList findings={context.findings} testId="trace-context-findings" />
    </section>
  );
}
