// A generation adapter with its stream-event decodes counted, so a test can tell a fast path of the stream analysis
// was taken (eventTemplates.ts, eventShapes.ts): an event it answered was never decoded.

import type { GenerationAdapter } from '../../../shared/a2a/adapter';

export function countedAdapter(adapter: GenerationAdapter): {
  adapter: GenerationAdapter;
  decodes: () => number;
} {
  let decodes = 0;
  return {
    adapter: {
      ...adapter,
      decodeStreamEvent: (request, data, isError) => {
        decodes++;
        return adapter.decodeStreamEvent(request, data, isError);
      },
    },
    decodes: () => decodes,
  };
}
