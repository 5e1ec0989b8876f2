// The extensions the card declares, as checkboxes beside the settings' extension list (CARD-5): ticking one adds its
// URI to the list the requests ask for in the generation's header, and a required one says so, since the agent may
// refuse a request without it. URIs the card does not declare stay in the list as typed.

import { useMemo } from 'react';
import { declaredExtensions, type DeclaredExtension } from '../../../shared/a2a/extensionList';

function declaredBy(cardText: string): DeclaredExtension[] {
  try {
    return declaredExtensions(JSON.parse(cardText));
  } catch {
    return [];
  }
}

const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function CardExtensionChoices({
  cardText,
  value,
  onChange,
}: {
  cardText: string;
  /** The settings' list, one URI per line. */
  value: string;
  onChange: (value: string) => void;
}) {
  const declared = useMemo(() => declaredBy(cardText), [cardText]);
  if (declared.length === 0) return null;
  const chosen = new Set(linesOf(value));
  const toggle = (uri: string, on: boolean) => {
    const lines = linesOf(value).filter((line) => line !== uri);
    onChange((on ? [...lines, uri] : lines).join('\n'));
  };
  return (
    <ul className="extension-choices" aria-label="Extensions the card declares">
      {declared.map(({ uri, required }) => (
        <li key={uri}>
          <label>
            <input
              type="checkbox"
              checked={chosen.has(uri)}
              onChange={(event) => toggle(uri, event.target.checked)}
              data-testid="settings-extension-choice"
              data-uri={uri}
            />{' '}
            <code>{uri}</code>{' '}
            {required ? <strong>required by the agent</strong> : <span className="muted">optional</span>}
          </label>
        </li>
      ))}
    </ul>
  );
}
