// The answer of an exchange in the inspector (FRM-1, FRM-2, FRM-4): the extensions asked for and activated, its
// headers, then either the stream's events (how many, how many without data, how it ended) or the body in the viewer,
// secrets masked.

import { useCallback } from 'react';
import type { FrameResponse, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { maskResponseBody } from '../../../shared/wire/secretMask';
import { headerValue } from '../../ui/frameFormat';
import { BodyViewer } from './BodyViewer';
import { FrameExtensions } from './FrameExtensions';
import { HeadersTable } from './HeadersTable';
import { StreamEvents } from './StreamEvents';

export interface ResponseSectionProps {
  frame: HttpFrame;
  response: FrameResponse;
  events: SseFrame[];
  selectedEventId: string | null;
}

export function ResponseSection({ frame, response, events, selectedEventId }: ResponseSectionProps) {
  const marks = frame.secrets;
  const maskResponse = useCallback((text: string) => maskResponseBody(text, marks ?? []), [marks]);
  return (
    <>
      <FrameExtensions frame={frame} />
      <h3>Response headers</h3>
      <HeadersTable headers={response.headers} testId="response-headers" />
      {frame.stream ? (
        <>
          <h3>
            Stream ({frame.stream.events} events
            {frame.stream.emptyBlocks > 0 && `, ${frame.stream.emptyBlocks} without data`}
            {frame.stream.ended && ` · ${frame.stream.ended}`})
          </h3>
          <StreamEvents exchange={frame} events={events} selectedEventId={selectedEventId} />
        </>
      ) : (
        <>
          <h3>Response body</h3>
          <BodyViewer
            body={response.body}
            contentType={headerValue(response.headers, 'content-type')}
            modelPath={`frame/${frame.id}/response`}
            mask={maskResponse}
            label="Response body"
          />
        </>
      )}
    </>
  );
}
