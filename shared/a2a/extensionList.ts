// Extensions on the wire and on the card (CARD-5, WIRE-4): the URIs an extensions header lists (a comma-separated
// list; repeated headers add to it), and the extensions a card declares with their `required` flags, read from
// `capabilities.extensions` as every generation from 0.2 puts them. Untrusted input: anything odd is skipped.

import type { HeaderList } from '../wire/frame';

const EXTENSION_HEADERS: ReadonlySet<string> = new Set(['a2a-extensions', 'x-a2a-extensions']);

/** Every URI the extensions headers of a message list, in order, each once; undefined when there is no such header. */
export function extensionUris(headers: HeaderList): string[] | undefined {
  const values = headers
    .filter(([name]) => EXTENSION_HEADERS.has(name.toLowerCase()))
    .map(([, value]) => value);
  if (values.length === 0) return undefined;
  const uris = values.flatMap((value) => value.split(',')).map((uri) => uri.trim());
  return [...new Set(uris.filter((uri) => uri !== ''))];
}

export interface DeclaredExtension {
  uri: string;
  required: boolean;
}

/** The extensions a card declares; a malformed entry (no string `uri`) is left out. */
export function declaredExtensions(card: unknown): DeclaredExtension[] {
  if (typeof card !== 'object' || card === null) return [];
  const capabilities = (card as { capabilities?: unknown }).capabilities;
  if (typeof capabilities !== 'object' || capabilities === null) return [];
  const list = (capabilities as { extensions?: unknown }).extensions;
  if (!Array.isArray(list)) return [];
  const out: DeclaredExtension[] = [];
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { uri, required } = entry as { uri?: unknown; required?: unknown };
    if (typeof uri === 'string' && uri.trim() !== '') out.push({ uri, required: required === true });
  }
  return out;
}

/** Required extensions of the card that a request's headers did not ask for. */
export function missingRequired(card: unknown, requestHeaders: HeaderList): string[] {
  const asked = new Set(extensionUris(requestHeaders) ?? []);
  return declaredExtensions(card)
    .filter((extension) => extension.required && !asked.has(extension.uri))
    .map((extension) => extension.uri);
}

/** URIs the answer says it activated that the request did not ask for (an agent echoes only what it was offered). */
export function unaskedEchoes(requestHeaders: HeaderList, responseHeaders: HeaderList): string[] {
  const echoed = extensionUris(responseHeaders);
  if (!echoed) return [];
  const asked = new Set(extensionUris(requestHeaders) ?? []);
  return echoed.filter((uri) => !asked.has(uri));
}
