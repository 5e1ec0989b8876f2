// The filter bar of TL-5: kind, task, state and operation, each offered from what the frames carry, with
// "n of m shown" and Clear filters. The timeline, the frames list and a browse-mode search all use it; what the
// filters keep is decided in shared/search/frameFilter.ts, the same rule the host's search follows.

import { useState } from 'react';
import type { FrameKind } from '../../../shared/wire/frame';
import { filterKindLabels, filterKinds, type FilterOptions } from '../../../shared/search/frameFilter';
import { hasFilters, type SearchFilters } from '../../../shared/search/frameSearch';

export interface FilterBarProps {
  filters: SearchFilters;
  onChange(filters: SearchFilters): void;
  /**
   * What the selects offer, read when the bar appears and again each time the user reaches for it (focus, pointer):
   * not on every frame of a live stream, where reading the whole history would cost each update (bench:ui-live).
   * A filter set but not among them is still offered, so it can be seen and cleared.
   */
  options: () => FilterOptions;
  /** "n of m shown", when the view counts; a browse-mode search counts its hits instead. */
  shown?: { shown: number; total: number };
  /** Also clears what else the view filters by (its text filter). */
  onClear?(): void;
  /** Names the bar for tests and screen readers: "timeline", "frames", "browse". */
  name: string;
  /** Task, state and operation are typed (with the options as suggestions): a session on disk is not all read. */
  free?: boolean;
}

function withValue(values: readonly string[], value: string | undefined): string[] {
  return value && !values.includes(value) ? [...values, value] : [...values];
}

export function FilterBar({ filters, onChange, options, shown, onClear, name, free }: FilterBarProps) {
  const set = (key: 'taskId' | 'state' | 'operation', value: string) => {
    const next: SearchFilters = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  const [offered, setOffered] = useState(options);
  const refresh = () => setOffered(options());
  const kind = filters.kinds?.[0] ?? '';
  const active = hasFilters(filters);
  return (
    <div
      className="filter-bar"
      role="group"
      aria-label={`Filter the ${name}`}
      data-testid={`${name}-filter-bar`}
      onFocus={refresh}
      onPointerDown={refresh}
    >
      <select
        aria-label="Kind"
        value={kind}
        onChange={(event) => {
          const next: SearchFilters = { ...filters };
          if (event.target.value) next.kinds = [event.target.value as FrameKind];
          else delete next.kinds;
          onChange(next);
        }}
        data-testid="filter-kind"
      >
        <option value="">Any kind</option>
        {filterKinds.map((k) => (
          <option key={k} value={k}>
            {filterKindLabels[k]}
          </option>
        ))}
      </select>
      <FacetSelect
        label="Task"
        any="Any task"
        value={filters.taskId}
        values={withValue(offered.taskIds, filters.taskId)}
        onChange={(value) => set('taskId', value)}
        testId="filter-task"
        free={free}
      />
      <FacetSelect
        label="State"
        any="Any state"
        value={filters.state}
        values={withValue(offered.states, filters.state)}
        onChange={(value) => set('state', value)}
        testId="filter-state"
        free={free}
      />
      <FacetSelect
        label="Operation"
        any="Any operation"
        value={filters.operation}
        values={withValue(offered.operations, filters.operation)}
        onChange={(value) => set('operation', value)}
        testId="filter-operation"
        free={free}
      />
      {shown && (
        <span className="muted" role="status" data-testid={`${name}-shown`}>
          {shown.shown.toLocaleString('en-US')} of {shown.total.toLocaleString('en-US')} shown
        </span>
      )}
      <button
        type="button"
        onClick={() => {
          onChange({});
          onClear?.();
        }}
        disabled={!active && !onClear}
        data-testid="filter-clear"
      >
        Clear filters
      </button>
    </div>
  );
}

function FacetSelect(props: {
  label: string;
  any: string;
  value: string | undefined;
  values: string[];
  onChange(value: string): void;
  testId: string;
  free?: boolean;
}) {
  if (props.free) {
    const listId = `${props.testId}-options`;
    return (
      <>
        <input
          type="text"
          list={listId}
          aria-label={props.label}
          placeholder={props.any}
          maxLength={200}
          value={props.value ?? ''}
          onChange={(event) => props.onChange(event.target.value.trim())}
          data-testid={props.testId}
        />
        <datalist id={listId}>
          {props.values.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      </>
    );
  }
  return (
    <select
      aria-label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid={props.testId}
    >
      <option value="">{props.any}</option>
      {props.values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </select>
  );
}
