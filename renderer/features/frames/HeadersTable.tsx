// Header lines in wire order, duplicates and casing as received. Values are text nodes, never markup. A value the
// frame marks as secret shows masked until the user clicks it, and hides again on a second click (AUTH-1).

import { useState } from 'react';
import type { HeaderList, SecretMark } from '../../../shared/wire/frame';
import { maskedHeaderValue } from '../../../shared/wire/secretMask';
import { Highlighted } from './Highlighted';
import { useSearchMatcher } from './useSearchMatcher';

export function HeadersTable({
  headers,
  testId,
  secrets = [],
}: {
  headers: HeaderList;
  testId: string;
  secrets?: readonly SecretMark[];
}) {
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const matcher = useSearchMatcher();
  if (headers.length === 0) return <p className="empty">No headers.</p>;
  const toggle = (index: number) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <table className="headers" data-testid={testId}>
      <tbody>
        {headers.map(([name, value], index) => {
          const masked = maskedHeaderValue(name, value, secrets);
          return (
            <tr key={index}>
              <th scope="row">
                <Highlighted text={name} matcher={matcher} />
              </th>
              <td>
                {masked === undefined ? (
                  <Highlighted text={value} matcher={matcher} />
                ) : (
                  <button
                    type="button"
                    className="secret-value"
                    aria-pressed={revealed.has(index)}
                    title={revealed.has(index) ? 'Click to hide' : 'Secret: click to reveal'}
                    onClick={() => toggle(index)}
                    data-testid="secret-value"
                  >
                    {revealed.has(index) ? value : masked}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
