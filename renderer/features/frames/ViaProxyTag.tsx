// The "via proxy" tag (PRX-1) on a frame the recording proxy carried for another client, in the frames table, the
// timeline and the inspector's title; its hover text says which proxy, for which client, to which upstream. Read from
// the frame's `proxied` field alone, so a saved session shows it as live traffic did.

import type { ProxiedInfo } from '../../../shared/proxy/proxyTypes';
import { proxiedTitle } from '../../../shared/proxy/proxiedText';

export function ViaProxyTag({ info, testId }: { info: ProxiedInfo; testId: string }) {
  const faulted = (info.faults?.length ?? 0) > 0;
  return (
    <span
      className={`frame-tag proxy-tag${faulted ? ' faulted' : ''}`}
      title={proxiedTitle(info)}
      data-testid={testId}
      data-faulted={faulted}
    >
      {faulted ? 'via proxy · fault' : 'via proxy'}
    </span>
  );
}
