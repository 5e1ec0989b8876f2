// What a request did about the card's required extensions (CARD-5, WIRE-4): a required extension the request did not
// ask for in its generation's extensions header is a finding on the request's frame, written as the frame is made,
// so live traffic, saved sessions and the checks (`frame.extensions-required`) all see it.

import { missingRequired } from '../../../shared/a2a/extensionList';
import { profileNamed } from '../../../shared/a2a/profile';
import { a2aRef, cite } from '../../../shared/checks/specRefs';
import type { Finding } from '../../../shared/wire/finding';
import type { HeaderList } from '../../../shared/wire/frame';

export function requiredExtensionsFinding(
  cardText: string,
  generation: string,
  headers: HeaderList,
): Finding | undefined {
  const header = profileNamed(generation)?.extensionsHeader;
  if (header === undefined) return undefined;
  let card: unknown;
  try {
    card = JSON.parse(cardText);
  } catch {
    return undefined;
  }
  const missing = missingRequired(card, headers);
  if (missing.length === 0) return undefined;
  const one = missing.length === 1;
  return {
    rule: 'extensions.required-not-requested',
    severity: 'warning',
    message:
      `The card marks ${one ? 'extension' : 'extensions'} ${missing.join(', ')} as required, but the request's ` +
      `${header} header did not ask for ${one ? 'it' : 'them'}; the agent may refuse it. Add ${one ? 'it' : 'them'} ` +
      `in the agent's settings (Extensions).`,
    ...cite(a2aRef('extensions', generation)),
  };
}
