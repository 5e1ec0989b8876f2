// The body as a form (MSG-8): name and value rows written as application/x-www-form-urlencoded, the encoding HTML
// forms and curl -d use; the body text stays the source of truth, so switching back shows exactly what is sent.

import { NameValueRows } from './NameValueRows';
import { formRows, formText } from './queryRows';

export function FormBody({ body, onBody }: { body: string; onBody: (body: string) => void }) {
  return (
    <NameValueRows
      rows={formRows(body)}
      onRows={(rows) => onBody(formText(rows))}
      legend="Form fields"
      noun="Field"
      testIdPrefix="raw-form"
      addTestId="raw-add-form"
      fieldsetTestId="raw-form"
    />
  );
}
