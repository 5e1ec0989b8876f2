// The demo agent built into the app (issue 5, item 7). Being written: until then starting it says so.

export interface DemoAgent {
  url: string;
  close(): Promise<void>;
}

export async function startDemoAgent(): Promise<DemoAgent> {
  throw new Error('The demo agent is not available in this build yet.');
}
