// The in-process transport, for tests and the command line: the same proxy and dispatch as the other editions,
// with a JSON round trip in between so that whatever works here also survives IPC and HTTP.

import type { HostConnection, HostService } from './hostApi';
import { dispatchHostCall } from './dispatch';
import { createHostProxy } from './proxy';

function throughJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export function connectInProcess(service: HostService): HostConnection {
  const api = createHostProxy(async (method, args) =>
    throughJson(await dispatchHostCall(service, method, throughJson(args))),
  );
  return {
    ...api,
    onEvent: (listener) => service.onEvent((event) => listener(throughJson(event))),
  };
}
