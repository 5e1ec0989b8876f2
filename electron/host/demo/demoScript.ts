// What the demo agent says and does, as plain data, so it can be read and tested without a server. Each skill shows
// one thing an inspector makes visible: a streamed artifact in chunks, a question that waits for the user
// (input-required) and a file handed back, a direct message, and a long task to cancel.

export interface DemoArtifact {
  id: string;
  name: string;
  /** 1.0 wire parts (`text`, or `raw` + `mediaType` + `filename`, or `data`). */
  parts: Array<Record<string, unknown>>;
  append: boolean;
  lastChunk: boolean;
}

export interface DemoStep {
  delayMs?: number;
  state?: 'working' | 'input-required' | 'completed' | 'canceled';
  /** A status message that comes with the state. */
  say?: string;
  artifact?: DemoArtifact;
}

export type DemoTurn = { kind: 'task'; steps: DemoStep[] } | { kind: 'message'; text: string };

export const DEMO_SKILLS = [
  {
    id: 'haiku',
    name: 'Streamed haiku',
    description: 'Writes a haiku line by line: one artifact, three chunks, streamed.',
    tags: ['demo', 'streaming'],
    examples: ['Write a haiku about inspecting agents'],
  },
  {
    id: 'trip',
    name: 'Trip planner',
    description: 'Asks where you are going (input-required), then hands back a plan and a CSV file.',
    tags: ['demo', 'multi-turn', 'files'],
    examples: ['Plan a weekend trip'],
  },
  {
    id: 'ping',
    name: 'Quick answer',
    description: 'Answers with a direct message, no task.',
    tags: ['demo'],
    examples: ['ping'],
  },
  {
    id: 'long',
    name: 'Long job',
    description: 'Works for a minute, sending progress; cancel it from the Tasks tab.',
    tags: ['demo', 'cancel'],
    examples: ['Start a long job'],
  },
];

const HAIKU = [
  'Frames fall like spring rain,\n',
  'every byte kept in the light —\n',
  'the agent speaks true.',
];
const STEP_MS = 250;

export function scriptFor(text: string): DemoTurn {
  const lower = text.toLowerCase();
  if (lower === 'ping' || lower.startsWith('ping '))
    return { kind: 'message', text: 'pong — a direct message, no task.' };
  if (lower.includes('trip') || lower.includes('plan')) {
    return {
      kind: 'task',
      steps: [
        { state: 'working', say: 'Looking at the calendar…' },
        {
          delayMs: STEP_MS,
          state: 'input-required',
          say: 'Where would you like to go? Reply in the composer.',
        },
      ],
    };
  }
  if (lower.includes('long')) {
    const steps: DemoStep[] = [{ state: 'working', say: 'Starting a long job.' }];
    for (let i = 1; i <= 60; i++)
      steps.push({ delayMs: 1000, state: 'working', say: `Still working (${i} s)…` });
    steps.push({ state: 'completed', say: 'Done after a minute.' });
    return { kind: 'task', steps };
  }
  return {
    kind: 'task',
    steps: [
      { state: 'working', say: 'Composing…' },
      ...HAIKU.map((line, i) => ({
        delayMs: STEP_MS,
        artifact: {
          id: 'haiku',
          name: 'haiku',
          parts: [{ text: line, mediaType: 'text/plain' }],
          append: i > 0,
          lastChunk: i === HAIKU.length - 1,
        },
      })),
      { state: 'completed', say: 'Here is your haiku.' },
    ],
  };
}

/** The second turn of the trip planner: the answer to "where to?". */
export function planReply(destination: string): DemoTurn {
  const place = destination.trim() || 'somewhere nice';
  const csv = `day,plan\nSaturday,Walk around ${place}\nSunday,Museum and lunch in ${place}\n`;
  return {
    kind: 'task',
    steps: [
      { state: 'working', say: `Planning a weekend in ${place}…` },
      {
        delayMs: STEP_MS,
        artifact: {
          id: 'plan',
          name: 'plan',
          parts: [
            {
              text: `# Weekend in ${place}\n\n- Saturday: walk around\n- Sunday: museum and lunch`,
              mediaType: 'text/markdown',
            },
          ],
          append: false,
          lastChunk: true,
        },
      },
      {
        artifact: {
          id: 'plan-csv',
          name: 'plan.csv',
          parts: [
            {
              raw: Buffer.from(csv, 'utf8').toString('base64'),
              mediaType: 'text/csv',
              filename: 'plan.csv',
            },
          ],
          append: false,
          lastChunk: true,
        },
      },
      { state: 'completed', say: 'Your plan is ready, with a CSV to keep.' },
    ],
  };
}
