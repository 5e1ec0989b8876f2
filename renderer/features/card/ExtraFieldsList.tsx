// Fields the agent added that its generation does not define (CARD-5), with their values as JSON text: kept and
// shown, never dropped. Top-level additions first, then unknown members nested in defined fields.

import type { ExtraField } from './cardExtraFields';
import { previewJson } from './jsonPreview';

export function ExtraFieldsList({ fields }: { fields: readonly ExtraField[] }) {
  return (
    <section aria-label="Extra fields" className="card-section" data-testid="card-extra-fields">
      <h3>Extra fields</h3>
      {fields.length === 0 ? (
        <p className="muted">None: every member is one the generation defines.</p>
      ) : (
        <ul className="card-extra-list">
          {fields.map((field) => (
            <li key={field.pointer} data-testid="card-extra-field" data-pointer={field.pointer}>
              <code>{field.pointer}</code>
              {!field.topLevel && <span className="muted"> (inside a defined field)</span>}{' '}
              <code className="diff-value">{previewJson(field.value, 300)}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
