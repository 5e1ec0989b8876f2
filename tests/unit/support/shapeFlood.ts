// Event data for the differential tests of the analysis's shape cache (eventShapes.ts): a flood of look-alike
// status and artifact updates, as bench:ingest's peer sends, with odd events among them twice over: other states,
// ids and types, values no generation allows, names written twice, numbers and text JSON.parse cannot keep, text that
// is not JSON, and SSE error events.

export type FloodDialect = '1.0 JSON-RPC' | '1.0 REST' | '0.3 JSON-RPC';

interface Dialect {
  wrap: (result: string) => string;
  status: (state: string, extra: string) => string;
  artifact: (text: string, append: boolean) => string;
  /** [data, whether it must get a finding] beside the odd events every dialect shares. */
  odd: Array<[string, boolean]>;
}

const IDS = '"taskId":"t","contextId":"c"';

const proto: Omit<Dialect, 'wrap' | 'odd'> = {
  status: (state, extra) => `{"statusUpdate":{${IDS},"status":{"state":"${state}"}${extra}}}`,
  artifact: (text, append) =>
    `{"artifactUpdate":{${IDS},"artifact":{"artifactId":"out","parts":[{"text":"${text}"}]},"append":${append},"lastChunk":false}}`,
};

const rpc = (result: string) => `{"jsonrpc":"2.0","id":1,"result":${result}}`;

/** A ProtoJSON part with two contents, where exactly one is allowed. */
const twoContents = (wrap: (result: string) => string): [string, boolean] => [
  wrap(proto.artifact('chunk', true).replace('"text":"chunk"', '"text":"chunk","url":"https://x"')),
  true,
];

const DIALECTS: Record<FloodDialect, Dialect> = {
  '1.0 JSON-RPC': {
    ...proto,
    wrap: rpc,
    odd: [
      [`{"jsonrpc":"2.0","id":2,"result":${proto.status('TASK_STATE_WORKING', '')}}`, true],
      [`{"jsonrpc":"1.0","id":1,"result":${proto.status('TASK_STATE_WORKING', '')}}`, true],
      ['{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}', false],
      [rpc(proto.status('TASK_STATE_WORKING', ',"final":true')), true],
      twoContents(rpc),
    ],
  },
  '1.0 REST': { ...proto, wrap: (result) => result, odd: [twoContents((result) => result)] },
  '0.3 JSON-RPC': {
    wrap: rpc,
    status: (state, extra) =>
      `{"kind":"status-update",${IDS},"status":{"state":"${v03State(state)}"},"final":false${extra}}`,
    artifact: (text, append) =>
      `{"kind":"artifact-update",${IDS},"artifact":{"artifactId":"out","parts":[{"kind":"text","text":"${text}"}]},"append":${append},"lastChunk":false}`,
    odd: [[`{"jsonrpc":"2.0","id":2,"result":{"kind":"status-update",${IDS},"final":false}}`, true]],
  },
};

/** 0.3 JSON-RPC spells states in lower case with dashes; anything else stays as it is, wrong. */
function v03State(state: string): string {
  return state.startsWith('TASK_STATE_') ? state.slice(11).toLowerCase().replace('_', '-') : state;
}

/**
 * One event of the dialect's flood: a status update carrying `metadata` (JSON text, or none), or an artifact chunk
 * whose text part is `text` (JSON string content, escapes and all).
 */
export function floodEvent(
  dialect: FloodDialect,
  event: { status: string; metadata?: string } | { text: string; append: boolean },
): string {
  const d = DIALECTS[dialect];
  if ('text' in event) return d.wrap(d.artifact(event.text, event.append));
  return d.wrap(d.status(event.status, event.metadata === undefined ? '' : `,"metadata":${event.metadata}`));
}

/** The odd events of every dialect: [data, whether it must get a finding]. */
function oddEvents(d: Dialect): Array<[string, boolean]> {
  const metadata = (value: string) => `,"metadata":${value}`;
  return [
    [d.wrap(d.status('TASK_STATE_BOGUS', metadata('{"n":1}'))), true],
    [d.wrap(d.status('TASK_STATE_COMPLETED', metadata('{"n":1}'))), false],
    [d.wrap(d.status('TASK_STATE_WORKING', metadata('"not an object"'))), true],
    [d.wrap(d.status('TASK_STATE_WORKING', metadata('{"n":12345678901234567890}'))), true],
    [d.wrap(d.status('TASK_STATE_WORKING', metadata('{"n":1,"n":2}'))), true],
    [d.wrap(d.status('TASK_STATE_WORKING', metadata('{"n":-0}'))), false],
    [d.wrap(d.artifact('\\ud800 alone', true)), true],
    [d.wrap(d.artifact('', true)), false],
    [d.wrap(d.status('TASK_STATE_WORKING', ',"contextId":""')), false],
    [d.wrap(d.status('TASK_STATE_WORKING', '').replace('"taskId":"t"', '"task_id":"a","taskId":"t"')), false],
    [d.wrap(d.status('TASK_STATE_WORKING', '').replace('"taskId":"t"', '"taskId":"t","task_id":"a"')), false],
    [d.wrap(d.status('TASK_STATE_WORKING', '').replace('"taskId":"t"', '"taskId":7')), true],
    [d.wrap(d.artifact('chunk', true).replace('"text":"chunk"', '"text":7')), true],
    [d.wrap('{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}'), false],
    ['{"jsonrpc":', true],
    ['not json at all', true],
    ...d.odd,
  ];
}

/**
 * `updates` regular events with the odd ones twice among them; `errors` are the events sent as SSE `event: error`
 * (in order), `bad` the events that must get a finding.
 */
export function floodDatas(
  dialect: FloodDialect,
  updates: number,
): { datas: string[]; errors: number[]; bad: number[] } {
  const d = DIALECTS[dialect];
  const odd = oddEvents(d);
  const datas: string[] = [];
  const errors: number[] = [];
  const bad: number[] = [];
  for (let n = 1; n <= updates; n++) {
    if (n % 3 === 0) datas.push(d.wrap(d.artifact(`chunk ${n} of the flood`, n > 3)));
    else datas.push(d.wrap(d.status('TASK_STATE_WORKING', `,"metadata":{"n":${n}}`)));
    if (n % 200 === 100) {
      for (const [data, mustFind] of odd) {
        if (mustFind) bad.push(datas.length);
        datas.push(data);
      }
      errors.push(datas.length);
      datas.push(d.wrap(d.status('TASK_STATE_WORKING', `,"metadata":{"n":${n}}`)));
    }
  }
  return { datas, errors, bad };
}
