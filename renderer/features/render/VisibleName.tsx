// A name an agent chose, shown so that it cannot pretend to be another (SEC-3): isolated from the text around it
// (<bdi>), with each bidirectional control or invisible character drawn as a labelled mark (spoofChars.ts).

import { useMemo } from 'react';
import { splitSpoofing } from './spoofChars';
import './render.css';

export function VisibleName({ text }: { text: string }) {
  const segments = useMemo(() => splitSpoofing(text), [text]);
  if (segments.length === 1 && segments[0]!.kind === 'text') return <bdi>{text}</bdi>;
  return (
    <bdi data-spoofing="true">
      {segments.map((segment, i) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span
            key={i}
            className="spoof-char"
            data-testid="spoof-char"
            data-code={segment.code}
            title={`${segment.code} ${segment.name}: an invisible or direction-changing character in this name`}
          >
            {segment.short}
          </span>
        ),
      )}
    </bdi>
  );
}
