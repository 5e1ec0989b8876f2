// A controlled <textarea> whose text content follows its value, as React DOM keeps it: React sets the element's
// default value (its text content) along with the value, so the document, a form reset and anything reading the
// element's text see what the field shows. Preact sets the value alone (scripts/preactAliases.mjs says why the app
// runs on Preact); this hook gives every textarea with a value and no default value of its own the same default.

import { options, type VNode } from 'preact';

export function keepTextareaContent(): void {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'textarea') {
      const props = vnode.props as { value?: unknown; defaultValue?: unknown };
      if (props.value != null && props.defaultValue === undefined) props.defaultValue = props.value;
    }
    next?.(vnode);
  };
}
