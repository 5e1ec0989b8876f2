// Panes side by side with a divider between each two, moved by dragging or with the arrow keys (the ARIA window
// splitter pattern: a focusable separator whose value is the size of the pane before it). The sizes are flex grow
// factors that add up to 100, so the first layout is CSS alone: nothing is measured until a drag starts.

import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { dividerRange, layoutPanes, moveDivider, type PaneSize } from './splitLayout';

export interface SplitPane extends PaneSize {
  content: ReactNode;
  /** The test id of the divider before this pane. */
  dividerTestId?: string;
}

/** How far each key moves a divider, in percent: a step for the arrows, all the way for Home and End. */
const KEY_MOVES: Readonly<Record<string, number>> = { ArrowLeft: -5, ArrowRight: 5, Home: -100, End: 100 };

interface Drag {
  pointerId: number;
  index: number;
  startX: number;
  width: number;
  sizes: number[];
}

export function SplitPanes({
  panes,
  className,
  testId,
}: {
  panes: readonly SplitPane[];
  className?: string;
  testId?: string;
}) {
  // Only sizes the user chose are kept; until then every pane is at its default.
  const [kept, setKept] = useState<ReadonlyMap<string, number>>(() => new Map());
  const group = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const sizes = layoutPanes(panes, kept);
  const keep = (next: readonly number[]) => setKept(new Map(panes.map((pane, i) => [pane.id, next[i]!])));
  const move = (index: number, delta: number, from: readonly number[] = sizes) =>
    keep(moveDivider(from, panes, index, delta));

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !group.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      index,
      startX: event.clientX,
      width: group.current.getBoundingClientRect().width,
      sizes,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const at = drag.current;
    if (!at || at.pointerId !== event.pointerId || at.width <= 0) return;
    move(at.index, ((event.clientX - at.startX) * 100) / at.width, at.sizes);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_MOVES[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(index, step);
  };

  const children: ReactNode[] = [];
  panes.forEach((pane, i) => {
    if (i > 0) {
      const range = dividerRange(sizes, panes, i - 1);
      children.push(
        <div
          key={`divider-${pane.id}`}
          role="separator"
          aria-orientation="vertical"
          aria-controls={panes[i - 1]!.id}
          aria-valuenow={range.now}
          aria-valuemin={range.min}
          aria-valuemax={range.max}
          tabIndex={0}
          className="separator"
          data-separator=""
          data-testid={pane.dividerTestId}
          onPointerDown={onPointerDown(i - 1)}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown(i - 1)}
        />,
      );
    }
    children.push(
      <div key={pane.id} id={pane.id} data-panel="" className="split-pane" style={{ flexGrow: sizes[i] }}>
        <div className="split-pane-body">{pane.content}</div>
      </div>,
    );
  });
  return (
    <div ref={group} className={`split-panes ${className ?? ''}`} data-group="" data-testid={testId}>
      {children}
    </div>
  );
}
