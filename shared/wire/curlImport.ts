// Import cURL (MSG-8): turns a pasted `curl` command line into the request curl would send: method, URL, headers and
// body, with curl's own rules for -d/--data-urlencode/--json/-G/-u. Nothing is run and no file is read: options that
// need a file, a prompt or several requests are clear errors; options that do not change the request are notes; options
// this importer does not know are listed as ignored.

import { bytesToBase64 } from '../session/byteText';
import type { HeaderList } from './frame';
import { curlOptionKinds, type CurlOptionKind } from './curlOptions';
import { ShellSyntaxError, splitShellWords, type ShellToken } from './shellWords';

export type ImportedBody = { text: string } | { base64: string };

export interface ImportedRequest {
  method: string;
  url: string;
  headers: HeaderList;
  body?: ImportedBody;
}

export interface CurlImport {
  request: ImportedRequest;
  /** What was understood but does not change the request (`-k`, `--compressed`, `-o file`). */
  notes: string[];
  /** What was not imported and might matter: unknown options, shell variables, extra URLs. */
  warnings: string[];
}

export class CurlImportError extends Error {}

/** A data piece as curl collects it: `&` joins form pieces, JSON pieces are appended as they are. */
interface DataPiece {
  text: string;
  json: boolean;
}

interface Stdin {
  text?: string;
  base64?: string;
}

class CurlCommand {
  method: string | undefined;
  head = false;
  get = false;
  urls: string[] = [];
  readonly derived: HeaderList = [];
  readonly custom: HeaderList = [];
  readonly removed = new Set<string>();
  readonly cookies: string[] = [];
  readonly data: DataPiece[] = [];
  binaryBody: string | undefined;
  readonly notes: string[] = [];
  readonly warnings: string[] = [];

  constructor(readonly stdin: Stdin | undefined) {}
}

export function importCurl(commandLine: string): CurlImport {
  let tokens: ShellToken[];
  let expansions: string[];
  try {
    ({ tokens, expansions } = splitShellWords(commandLine.trim().replace(/^\$\s+/, '')));
  } catch (error) {
    if (error instanceof ShellSyntaxError) throw new CurlImportError(error.message);
    throw error;
  }
  const { args, stdin, ignored } = findCurl(tokens);
  const command = new CurlCommand(stdin);
  for (const part of ignored) command.warnings.push(`"${part}" is not part of the request and was ignored.`);
  for (const name of expansions) {
    command.warnings.push(`The shell would expand ${name}; it was kept as text: put its value in.`);
  }
  readOptions(command, args);
  return { request: buildRequest(command), notes: command.notes, warnings: command.warnings };
}

function isCurl(word: string | undefined): boolean {
  return word !== undefined && /^(?:.*[/\\])?curl(?:\.exe)?$/i.test(word);
}

const redirection = /^\d*(?:>>?|<)$/;

/** Splits the line into commands at `|`, `;`, `&&` …, picks the one curl command and what it reads on stdin. */
function findCurl(tokens: ShellToken[]): { args: string[]; stdin: Stdin | undefined; ignored: string[] } {
  const commands: ShellToken[][] = [[]];
  const separators: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'word' || redirection.test(token.text)) commands.at(-1)!.push(token);
    else {
      separators.push(token.text);
      commands.push([]);
    }
  }
  const words = commands.map((command) => command.map((token) => token.text));
  const curlAt = commands.flatMap((command, index) => (isCurl(wordAt(command, 0)) ? [index] : []));
  if (curlAt.length === 0)
    throw new CurlImportError('This is not a curl command: it must start with "curl".');
  if (curlAt.length > 1)
    throw new CurlImportError('There are several curl commands here: paste one at a time.');
  const at = curlAt[0]!;
  const ignored: string[] = [];
  const args = withoutRedirections(commands[at]!.slice(1), ignored);
  let stdin: Stdin | undefined;
  let first = 0;
  if (at > 0 && separators[at - 1] === '|') {
    stdin = pipedInput(words.slice(0, at), separators.slice(0, at - 1));
    if (stdin !== undefined) first = at;
  }
  for (let index = first; index < commands.length; index += 1) {
    if (index !== at && words[index]!.length > 0) ignored.push(words[index]!.join(' '));
  }
  return { args, stdin, ignored };
}

function wordAt(command: ShellToken[], index: number): string | undefined {
  const token = command[index];
  return token?.kind === 'word' ? token.text : undefined;
}

/** Drops `> file`, `2>/dev/null`: where curl's output goes does not change the request. */
function withoutRedirections(tokens: ShellToken[], ignored: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.kind === 'word') out.push(token.text);
    else if (token.text.endsWith('<')) {
      throw new CurlImportError(
        'Standard input from a file (< file) cannot be imported: paste the body with -d.',
      );
    } else {
      ignored.push(`${token.text} ${tokens[i + 1]?.text ?? ''}`.trim());
      i += 1;
    }
  }
  return out;
}

/** `printf '%s' TEXT |`, `echo [-n] TEXT |`, optionally followed by `base64 -d |`: the text curl reads as `@-`. */
function pipedInput(commands: string[][], separators: string[]): Stdin | undefined {
  if (separators.some((separator) => separator !== '|')) return undefined;
  const [producer, ...filters] = commands;
  if (producer === undefined || filters.length > 1) return undefined;
  let text: string | undefined;
  if (producer[0] === 'printf' && producer[1] === '%s' && producer.length === 3) text = producer[2]!;
  else if (producer[0] === 'echo' && producer[1] === '-n' && producer.length === 3) text = producer[2]!;
  else if (producer[0] === 'echo' && producer.length === 2) text = `${producer[1]!}\n`;
  if (text === undefined) return undefined;
  if (filters.length === 0) return { text };
  const filter = filters[0]!.join(' ');
  if (filter === 'base64 -d' || filter === 'base64 --decode') return { base64: text.replace(/\s+/g, '') };
  return undefined;
}

function readOptions(command: CurlCommand, args: string[]): void {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const nextArg = (name: string): string => {
      if (i + 1 >= args.length) throw new CurlImportError(`The option ${name} needs a value after it.`);
      i += 1;
      return args[i]!;
    };
    if (arg.startsWith('--') && arg.length > 2) {
      const kind = curlOptionKinds.get(arg.slice(2));
      if (kind === undefined) command.warnings.push(`The option ${arg} is not known here and was ignored.`);
      else apply(command, arg, kind, kind.takesValue ? nextArg(arg) : '');
    } else if (arg.startsWith('-') && arg.length > 1) {
      readShortCluster(command, arg, nextArg);
    } else command.urls.push(arg);
  }
}

/** `-sSL`, `-XPOST`, `-H'Accept: x'`: flags run together; an option with a value takes the rest or the next word. */
function readShortCluster(command: CurlCommand, arg: string, nextArg: (name: string) => string): void {
  for (let j = 1; j < arg.length; j += 1) {
    const letter = arg[j]!;
    const kind = curlOptionKinds.get(letter);
    if (kind === undefined) {
      command.warnings.push(`The option -${letter} is not known here and was ignored.`);
      continue;
    }
    if (!kind.takesValue) {
      apply(command, `-${letter}`, kind, '');
      continue;
    }
    const rest = arg.slice(j + 1);
    apply(command, `-${letter}`, kind, rest !== '' ? rest : nextArg(`-${letter}`));
    return;
  }
}

function apply(command: CurlCommand, name: string, kind: CurlOptionKind, value: string): void {
  switch (kind.action) {
    case 'request':
      command.method = value;
      return;
    case 'url':
      command.urls.push(value);
      return;
    case 'header':
      return addHeader(command, value);
    case 'data':
    case 'data-raw':
    case 'data-binary':
    case 'data-urlencode':
    case 'json':
      return addData(command, kind.action, name, value);
    case 'user':
      return addUser(command, value);
    case 'bearer':
      command.derived.push(['Authorization', `Bearer ${value}`]);
      return;
    case 'user-agent':
      command.derived.push(['User-Agent', value]);
      return;
    case 'referer':
      command.derived.push(['Referer', value.replace(/;auto$/, '')]);
      return;
    case 'cookie':
      return addCookie(command, value);
    case 'get':
      command.get = true;
      return;
    case 'head':
      command.head = true;
      return;
    case 'note':
      command.notes.push(kind.note!.replace('{value}', value));
      return;
    case 'unsupported':
      throw new CurlImportError(kind.note!.replace('{name}', name));
  }
}

function addHeader(command: CurlCommand, line: string): void {
  if (line.startsWith('@')) {
    throw new CurlImportError(
      `Headers from a file (-H ${line}) cannot be imported: paste the header lines instead.`,
    );
  }
  const colon = line.indexOf(':');
  const semicolon = line.indexOf(';');
  if (colon < 0 && semicolon > 0 && line.slice(semicolon + 1).trim() === '') {
    // curl's way to send a header with an empty value.
    command.custom.push([line.slice(0, semicolon).trim(), '']);
    return;
  }
  if (colon <= 0) throw new CurlImportError(`The header "${line}" has no "Name: value" form.`);
  const name = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).replace(/^[ \t]+/, '');
  if (value === '') {
    // `-H 'Name:'` removes a header curl would add; nothing is sent under that name.
    command.removed.add(name.toLowerCase());
    return;
  }
  command.custom.push([name, value]);
}

/** Characters curl's URL encoding leaves alone (RFC 3986 unreserved). */
function curlEscape(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function addData(command: CurlCommand, action: CurlOptionKind['action'], name: string, value: string): void {
  if (action === 'data-urlencode') {
    command.data.push({ text: urlencodeData(name, value), json: false });
    return;
  }
  const readsFile = action !== 'data-raw' && value.startsWith('@');
  if (!readsFile) {
    command.data.push({ text: value, json: action === 'json' });
    return;
  }
  if (value !== '@-') {
    throw new CurlImportError(
      `${name} ${value} reads a file, which cannot be imported: paste its content instead.`,
    );
  }
  if (command.stdin === undefined) {
    throw new CurlImportError(
      `${name} @- reads standard input, which this line does not give: paste the body.`,
    );
  }
  if (command.stdin.base64 !== undefined) {
    command.binaryBody = command.stdin.base64;
    return;
  }
  // -d strips line breaks from what it reads; --data-binary and --json keep the bytes.
  const text = command.stdin.text ?? '';
  command.data.push({
    text: action === 'data' ? text.replace(/[\r\n]/g, '') : text,
    json: action === 'json',
  });
}

/** curl's --data-urlencode forms: `content`, `=content`, `name=content`; `@file` and `name@file` read files. */
function urlencodeData(name: string, value: string): string {
  const equals = value.indexOf('=');
  const at = value.indexOf('@');
  if (at >= 0 && (equals < 0 || at < equals)) {
    throw new CurlImportError(
      `${name} ${value} reads a file, which cannot be imported: paste its content instead.`,
    );
  }
  if (equals < 0) return curlEscape(value);
  if (equals === 0) return curlEscape(value.slice(1));
  return `${value.slice(0, equals)}=${curlEscape(value.slice(equals + 1))}`;
}

function addUser(command: CurlCommand, value: string): void {
  if (!value.includes(':')) {
    throw new CurlImportError(
      `-u ${value} has no password, so curl would ask for one: write -u user:password.`,
    );
  }
  const basic = bytesToBase64(new TextEncoder().encode(value));
  command.derived.push(['Authorization', `Basic ${basic}`]);
}

function addCookie(command: CurlCommand, value: string): void {
  if (!value.includes('=')) {
    throw new CurlImportError(
      `-b ${value} reads a cookie file, which cannot be imported: write -b 'name=value'.`,
    );
  }
  command.cookies.push(value);
}

function joinedData(command: CurlCommand): string | undefined {
  if (command.data.length === 0) return undefined;
  let text = '';
  command.data.forEach((piece, index) => {
    text += index > 0 && !piece.json ? `&${piece.text}` : piece.text;
  });
  return text;
}

function chooseUrl(command: CurlCommand): string {
  const [first, ...more] = command.urls;
  if (first === undefined) throw new CurlImportError('The command has no URL.');
  if (more.length > 0) {
    command.warnings.push(`curl would make one request per URL; only the first (${first}) was imported.`);
  }
  let url = first;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    url = `http://${url}`;
    command.notes.push(`The URL has no scheme; curl uses http://, and so does this import.`);
  }
  try {
    new URL(url);
  } catch {
    throw new CurlImportError(`"${first}" is not a URL this import understands.`);
  }
  return url;
}

function buildRequest(command: CurlCommand): ImportedRequest {
  let url = chooseUrl(command);
  const data = joinedData(command);
  if (command.binaryBody !== undefined && data !== undefined) {
    throw new CurlImportError('A decoded binary body and other data pieces cannot be combined here.');
  }
  const json = command.data.some((piece) => piece.json);
  const hasBody = command.binaryBody !== undefined || (data !== undefined && !command.get);
  if (command.get && data !== undefined) url += (url.includes('?') ? '&' : '?') + data;
  const method = command.method ?? (command.head ? 'HEAD' : command.get ? 'GET' : hasBody ? 'POST' : 'GET');

  const derived: HeaderList = [...command.derived];
  if (command.cookies.length > 0) derived.push(['Cookie', command.cookies.join('; ')]);
  if (hasBody && json) derived.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
  else if (hasBody) derived.push(['Content-Type', 'application/x-www-form-urlencoded']);
  // A header given with -H replaces the one curl would add under that name; `-H 'Name:'` removes it.
  const given = new Set(command.custom.map(([name]) => name.toLowerCase()));
  const headers: HeaderList = [
    ...derived.filter(([name]) => !given.has(name.toLowerCase()) && !command.removed.has(name.toLowerCase())),
    ...command.custom,
  ];
  const request: ImportedRequest = { method, url, headers };
  if (command.binaryBody !== undefined) request.body = { base64: command.binaryBody };
  else if (hasBody) request.body = { text: data ?? '' };
  return request;
}
