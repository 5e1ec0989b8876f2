// The host contract's check of searchSession's arguments (TL-5, UX-5): a search may carry the `opId` that
// `cancelOperation` stops it by; a bad one is refused with a message naming the method, before the host sees it.

import { describe, expect, it, vi } from 'vitest';
import { dispatchHostCall } from '../../../../shared/host/dispatch';
import type { HostApi } from '../../../../shared/host/hostApi';

function searchHost() {
  const searchSession = vi.fn(async () => ({ searchId: 'search-1' }));
  return { host: { searchSession } as unknown as HostApi, searchSession };
}

describe('searchSession arguments', () => {
  it('takes an opId and passes it on', async () => {
    const { host, searchSession } = searchHost();
    const request = { sessionId: 's', text: 'needle', opId: 'op-1' };
    expect(await dispatchHostCall(host, 'searchSession', [request])).toEqual({
      ok: true,
      value: { searchId: 'search-1' },
    });
    expect(searchSession).toHaveBeenCalledWith(request);
  });

  it.each([
    ['an empty opId', ''],
    ['an opId over 100 characters', 'x'.repeat(101)],
    ['an opId that is not a string', 7],
  ])('refuses %s, saying why', async (_label, opId) => {
    const { host, searchSession } = searchHost();
    const result = await dispatchHostCall(host, 'searchSession', [{ sessionId: 's', text: 'x', opId }]);
    expect(result).toMatchObject({ ok: false, error: { name: 'InvalidArguments' } });
    if (!result.ok) expect(result.error.message).toMatch(/^searchSession: .*opId/s);
    expect(searchSession).not.toHaveBeenCalled();
  });
});
