// Name and value rows edited in place, for the editor's query table and its form body (MSG-8): both are
// application/x-www-form-urlencoded pairs, so one editor serves them and each caller says what a row is called.

import type { QueryRow } from './queryRows';

export interface NameValueRowsProps {
  rows: QueryRow[];
  onRows: (rows: QueryRow[]) => void;
  legend: string;
  /** What one row is called in labels and on the add button: "Parameter", "Field". */
  noun: string;
  /** The prefix of the rows' test ids: `raw-query` gives raw-query-row, raw-query-name and raw-query-value. */
  testIdPrefix: string;
  addTestId: string;
  fieldsetTestId?: string;
}

export function NameValueRows(props: NameValueRowsProps) {
  const { rows, onRows, noun, testIdPrefix } = props;
  const change = (index: number, key: keyof QueryRow, text: string) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, [key]: text } : row)));
  return (
    <fieldset
      className="raw-query"
      {...(props.fieldsetTestId ? { 'data-testid': props.fieldsetTestId } : {})}
    >
      <legend>{props.legend}</legend>
      {rows.map((row, index) => (
        <div className="raw-header" key={index} data-testid={`${testIdPrefix}-row`}>
          <input
            aria-label={`${noun} ${index + 1} name`}
            value={row.name}
            onChange={(event) => change(index, 'name', event.target.value)}
            data-testid={`${testIdPrefix}-name`}
          />
          <input
            aria-label={`${noun} ${index + 1} value`}
            value={row.value}
            onChange={(event) => change(index, 'value', event.target.value)}
            data-testid={`${testIdPrefix}-value`}
          />
          <button
            type="button"
            aria-label={`Remove ${noun.toLowerCase()} ${row.name || index + 1}`}
            onClick={() => onRows(rows.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => onRows([...rows, { name: '', value: '' }])}
        data-testid={props.addTestId}
      >
        Add {noun.toLowerCase()}
      </button>
    </fieldset>
  );
}
