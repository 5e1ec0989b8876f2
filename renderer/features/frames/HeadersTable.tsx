// Header lines in wire order, duplicates and casing as received. Values are text nodes, never markup.

import type { HeaderList } from '../../../shared/wire/frame';

export function HeadersTable({ headers, testId }: { headers: HeaderList; testId: string }) {
  if (headers.length === 0) return <p className="empty">No headers.</p>;
  return (
    <table className="headers" data-testid={testId}>
      <tbody>
        {headers.map(([name, value], index) => (
          <tr key={index}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
