// Entry point of the browser edition: starts the host and the web server on 127.0.0.1 and prints the URL.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from './appVersion';
import { createHost } from './host/createHost';
import { analysisWorkerBeside } from './host/agent/analysisWorkerScript';
import { openInBrowser } from './web/openBrowser';
import { parseServerArgs, SERVER_USAGE } from './web/serverArgs';
import { systemFileOpener } from './web/systemFileOpener';
import { startWebServer } from './web/webServer';

async function main(): Promise<number> {
  const args = parseServerArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(`${args.error}\n\n${SERVER_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(SERVER_USAGE);
    return 0;
  }
  const bundleDir = path.dirname(fileURLToPath(import.meta.url));
  const rendererDir = path.resolve(bundleDir, '..', 'renderer');
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    console.error(`The renderer is not built (no ${rendererDir}/index.html). Run: npm run build`);
    return 1;
  }
  const analysisWorker = analysisWorkerBeside(bundleDir);
  const host = createHost({
    edition: 'browser',
    appVersion: APP_VERSION,
    ...(analysisWorker ? { analysisWorker } : {}),
    // A PDF part the user opens externally goes to the platform's opener (TL-4), which may be missing: then the
    // call answers a message the UI shows.
    openFile: systemFileOpener(),
  });
  let server;
  try {
    server = await startWebServer({ host, rendererDir, port: args.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${args.port} on 127.0.0.1 is already in use; pick another with --port, or omit it for a free one.`
        : `Could not start the server: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  console.log(`Switchboard ${APP_VERSION} (browser edition) is running at ${server.url}`);
  if (args.open && !(await openInBrowser(server.url))) {
    console.log('No system browser could be opened; open the URL above in your browser.');
  }
  const stop = () => {
    void Promise.all([server.close(), host.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}

void main().then((code) => {
  if (code >= 0) process.exit(code);
});
