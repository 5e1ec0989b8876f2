// The card view's Monaco editors, loaded on first use (docs/architecture.md#state-in-the-renderer: Monaco stays out of
// the start-up bundle), and a boundary that shows the plain-text fallback if the editor chunk cannot load, so a card is
// never hidden.

import { Component, lazy, type ReactNode } from 'react';

export const LazyCardEditor = lazy(() => import('../../ui/monaco/CardEditor'));
export const LazyCardDiffEditor = lazy(() => import('../../ui/monaco/CardDiffEditor'));

export class EditorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
