// The curl options Import cURL (MSG-8) knows, by long name and by letter: what each does to the request, whether it
// takes a value, and the words said about the ones that do not change the request or cannot be imported.

export interface CurlOptionKind {
  action:
    | 'request'
    | 'url'
    | 'header'
    | 'data'
    | 'data-raw'
    | 'data-binary'
    | 'data-urlencode'
    | 'json'
    | 'user'
    | 'bearer'
    | 'user-agent'
    | 'referer'
    | 'cookie'
    | 'get'
    | 'head'
    | 'note'
    | 'unsupported';
  takesValue: boolean;
  /** For notes `{value}` is the option's value; for unsupported options `{name}` is the option as written. */
  note?: string;
}

const valued = (action: CurlOptionKind['action']): CurlOptionKind => ({ action, takesValue: true });
const note = (text: string, takesValue = false): CurlOptionKind => ({
  action: 'note',
  takesValue,
  note: text,
});
const unsupported = (text: string, takesValue = true): CurlOptionKind => ({
  action: 'unsupported',
  takesValue,
  note: text,
});

const noEffect = (what: string): CurlOptionKind => note(`${what} does not change the request.`);
const noEffectValued = (what: string): CurlOptionKind =>
  note(`${what} ({value}) does not change the request.`, true);

/** Long names first; the letters below point at the same kinds. */
const long: Array<[string, CurlOptionKind]> = [
  ['request', valued('request')],
  ['url', valued('url')],
  ['header', valued('header')],
  ['data', valued('data')],
  ['data-ascii', valued('data')],
  ['data-raw', valued('data-raw')],
  ['data-binary', valued('data-binary')],
  ['data-urlencode', valued('data-urlencode')],
  ['json', valued('json')],
  ['user', valued('user')],
  ['oauth2-bearer', valued('bearer')],
  ['user-agent', valued('user-agent')],
  ['referer', valued('referer')],
  ['cookie', valued('cookie')],
  ['get', { action: 'get', takesValue: false }],
  ['head', { action: 'head', takesValue: false }],
  [
    'insecure',
    note('-k (do not check the TLS certificate) was noted but not applied: set TLS trust per agent.'),
  ],
  ['compressed', note('--compressed was ignored: the host asks for and decodes compressed answers itself.')],
  ['location', note('-L (follow redirects) was noted: the host records each redirect as its own answer.')],
  ['proxy', note('The proxy {value} was noted but not applied.', true)],
  ['silent', noEffect('-s (silent)')],
  ['show-error', noEffect('-S (show errors)')],
  ['verbose', noEffect('-v (verbose)')],
  ['include', noEffect('-i (print response headers)')],
  ['no-buffer', noEffect('-N (no buffering)')],
  ['fail', noEffect('-f (fail on HTTP errors)')],
  ['fail-with-body', noEffect('--fail-with-body')],
  ['globoff', noEffect('-g (no URL globbing)')],
  ['progress-bar', noEffect('-# (progress bar)')],
  ['http1.1', noEffect('--http1.1')],
  ['http2', noEffect('--http2')],
  ['output', noEffectValued('-o (output file)')],
  ['write-out', noEffectValued('-w (write out)')],
  ['max-time', noEffectValued('-m (time limit)')],
  ['connect-timeout', noEffectValued('--connect-timeout')],
  ['retry', noEffectValued('--retry')],
  ['cookie-jar', noEffectValued('-c (cookie jar)')],
  ['dump-header', noEffectValued('-D (dump headers)')],
  ['cacert', note('The CA file {value} was noted but not applied: set TLS trust per agent.', true)],
  ['cert', note('The client certificate {value} was noted but not applied: set it per agent.', true)],
  ['key', note('The client key {value} was noted but not applied: set it per agent.', true)],
  [
    'form',
    unsupported('{name} sends a multipart form, which cannot be imported yet: use a text or JSON body.'),
  ],
  ['form-string', unsupported('{name} sends a multipart form, which cannot be imported yet.')],
  ['upload-file', unsupported('{name} uploads a file, which cannot be imported: paste its content with -d.')],
  ['config', unsupported('{name} reads options from a file, which cannot be imported: paste them instead.')],
  ['next', unsupported('{name} starts another request: paste one request at a time.', false)],
];

const letters: Array<[string, string]> = [
  ['X', 'request'],
  ['H', 'header'],
  ['d', 'data'],
  ['u', 'user'],
  ['A', 'user-agent'],
  ['e', 'referer'],
  ['b', 'cookie'],
  ['G', 'get'],
  ['I', 'head'],
  ['k', 'insecure'],
  ['L', 'location'],
  ['x', 'proxy'],
  ['s', 'silent'],
  ['S', 'show-error'],
  ['v', 'verbose'],
  ['i', 'include'],
  ['N', 'no-buffer'],
  ['f', 'fail'],
  ['g', 'globoff'],
  ['#', 'progress-bar'],
  ['o', 'output'],
  ['w', 'write-out'],
  ['m', 'max-time'],
  ['c', 'cookie-jar'],
  ['D', 'dump-header'],
  ['E', 'cert'],
  ['F', 'form'],
  ['T', 'upload-file'],
  ['K', 'config'],
  [':', 'next'],
];

/** Every known option by long name (without `--`) and by letter (without `-`). */
export const curlOptionKinds: ReadonlyMap<string, CurlOptionKind> = (() => {
  const map = new Map<string, CurlOptionKind>(long);
  for (const [letter, name] of letters) map.set(letter, map.get(name)!);
  return map;
})();
