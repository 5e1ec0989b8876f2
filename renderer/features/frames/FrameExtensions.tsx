// The extensions of one exchange (CARD-5, WIRE-4): what the request asked for in its extensions header and what the
// agent said it activated in the same header of its answer, each URI marked asked, activated or not asked for, so
// an agent's echo can be read per frame without scanning header lines (the header may repeat).

import { extensionUris } from '../../../shared/a2a/extensionList';
import type { HttpFrame } from '../../../shared/wire/frame';

type ExtensionState = 'activated' | 'not activated' | 'not asked for';

export function FrameExtensions({ frame }: { frame: HttpFrame }) {
  const asked = extensionUris(frame.request.headers);
  const echoed = frame.response ? extensionUris(frame.response.headers) : undefined;
  if (!asked && !echoed) return null;
  const activated = new Set(echoed ?? []);
  const rows: Array<{ uri: string; state: ExtensionState }> = [
    ...(asked ?? []).map((uri) => ({
      uri,
      state: (activated.has(uri) ? 'activated' : 'not activated') as ExtensionState,
    })),
    ...(echoed ?? [])
      .filter((uri) => !(asked ?? []).includes(uri))
      .map((uri) => ({ uri, state: 'not asked for' as const })),
  ];
  return (
    <>
      <h3>Extensions</h3>
      <ul className="frame-extensions" data-testid="frame-extensions">
        {rows.map(({ uri, state }) => (
          <li key={uri} data-testid="frame-extension" data-state={state}>
            <code>{uri}</code> <span className="badge">{state}</span>
          </li>
        ))}
        {frame.response && !echoed && asked && (
          <li className="muted">
            The answer has no extensions header: the agent did not say what it activated.
          </li>
        )}
      </ul>
    </>
  );
}
