// A check against an interface whose route is missing (CARD-3): once the first call answered 404, 405 or an HTML
// page, every probe would only ask the same void again. The interface is reported once (the `frame.route-missing`
// finding on the frame that showed it) and each probe is reported skipped with that reason, never left out silently.

import type { ProbeResult } from '../../../shared/checks/types';

/** The words each skipped probe carries: what happened, where the evidence is, and where to go next. */
export function routeMissingSkipMessage(frameId: string): string {
  return (
    `skipped: route missing. The first call to this interface answered as if it had no such route (frame ` +
    `${frameId}), so no probe was sent; try the call by hand in the request editor.`
  );
}

/** One skipped result per probe, each pointing at the frame that showed the route missing. */
export function skipProbesForMissingRoute(probeIds: readonly string[], frameId: string): ProbeResult[] {
  const message = routeMissingSkipMessage(frameId);
  return probeIds.map((probeId) => ({
    probeId,
    status: 'skipped',
    message,
    frameIds: [frameId],
    findings: [],
    durationMs: 0,
  }));
}
