// The request of an exchange in the inspector (FRM-1, FRM-4): the trace context it carried (PRX-2), its headers with
// secrets masked, and its body, folded away by default. The body's viewer is mounted only while the section is open:
// a second Monaco editor would cost memory for a body few people read.

import { useCallback, useEffect, useState } from 'react';
import { headerText } from '../../../shared/search/frameSearch';
import type { HttpFrame } from '../../../shared/wire/frame';
import { maskRequestBody } from '../../../shared/wire/secretMask';
import { headerValue } from '../../ui/frameFormat';
import { BodyViewer } from './BodyViewer';
import { HeadersTable } from './HeadersTable';
import { TraceContextSection } from './TraceContextSection';
import { useSearchMatcher } from './useSearchMatcher';

export function RequestDetails({ frame }: { frame: HttpFrame }) {
  const marks = frame.secrets;
  const [requestOpen, setRequestOpen] = useState(false);
  const matcher = useSearchMatcher();
  // A search match in the request unfolds it, so the match the search box moved to is on view (TL-5).
  const { headers, body } = frame.request;
  useEffect(() => {
    if (matcher && (matcher.test(headerText(headers)) || matcher.test(body?.text ?? '')))
      setRequestOpen(true);
  }, [matcher, headers, body]);
  const maskRequest = useCallback(
    (text: string) => maskRequestBody(text, frame.request.headers, marks ?? []),
    [frame.request.headers, marks],
  );
  return (
    <>
      <TraceContextSection headers={frame.request.headers} />
      <details
        className="request-details"
        open={requestOpen}
        onToggle={(event) => setRequestOpen(event.currentTarget.open)}
        data-testid="request-details"
      >
        <summary>
          Request headers ({frame.request.headers.length}) and body
          {frame.request.body ? ` (${frame.request.body.size} bytes)` : ''}
        </summary>
        <HeadersTable headers={frame.request.headers} testId="request-headers" secrets={marks ?? []} />
        {requestOpen && frame.request.body && (
          <BodyViewer
            body={frame.request.body}
            contentType={headerValue(frame.request.headers, 'content-type')}
            modelPath={`frame/${frame.id}/request`}
            mask={maskRequest}
            label="Request body"
          />
        )}
      </details>
    </>
  );
}
