// The query of an editor URL as a table (MSG-8): each parameter a row, edited in place; the URL is rewritten from
// the rows, so the URL field and the table never disagree. A URL the browser cannot parse shows no table.

import { NameValueRows } from './NameValueRows';
import { queryRows, withQueryRows } from './queryRows';

export function QueryParams({ url, onUrl }: { url: string; onUrl: (url: string) => void }) {
  const rows = queryRows(url);
  if (rows === undefined) return null;
  return (
    <NameValueRows
      rows={rows}
      onRows={(next) => onUrl(withQueryRows(url, next))}
      legend="Query"
      noun="Parameter"
      testIdPrefix="raw-query"
      addTestId="raw-add-query"
    />
  );
}
