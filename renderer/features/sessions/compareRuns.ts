// Any two runs compared as the re-send compares a recording with its new run (SES-4, UX-2): the user's requests
// paired by position, each run digested (ids and times left out) and diffed, the timing kept apart. The answer has
// the re-send's shape, so the same view (resendView.ts) and panel (ResendDiff.tsx) show it.

import { digestRun, userExchanges } from '../../../shared/session/runDigest';
import { diffRuns } from '../../../shared/session/runDiff';
import type { ResendResult, ResendStep } from '../../../shared/session/types';
import type { Frame } from '../../../shared/wire/frame';
import { recordedStatus } from './resendView';

/** Compares run `a` (before, the left) with run `b` (after, the right). */
export function compareRuns(a: readonly Frame[], b: readonly Frame[]): ResendResult {
  const left = userExchanges(a);
  const right = userExchanges(b);
  const { differences, timing } = diffRuns(digestRun(a), digestRun(b));
  const steps: ResendStep[] = [];
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const before = left[index]?.frame;
    const after = right[index]?.frame;
    const operation = (before ?? after)?.a2a?.operation ?? 'raw';
    steps.push({
      index: index + 1,
      operation,
      recordedFrameId: before?.id ?? '',
      ...(after ? { newFrameId: after.id } : {}),
      status: after ? recordedStatus(after) : 'not in this run',
      message: after ? (after.a2a?.rpc?.method ?? after.request.url) : 'This run has no request here.',
    });
  }
  return { steps, differences, timing };
}
