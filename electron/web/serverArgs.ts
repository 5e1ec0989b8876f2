// Command-line flags of the browser edition (`npm run web -- --port 8123 --open`).

export interface ServerArgs {
  port: number;
  open: boolean;
  help: boolean;
}

export const SERVER_USAGE = `Usage: switchboard-web [--port N] [--open]

  --port N   listen on 127.0.0.1:N (default: a free port)
  --open     open the app in the system browser
  --help     show this text`;

export function parseServerArgs(argv: readonly string[]): ServerArgs | { error: string } {
  const args: ServerArgs = { port: 0, open: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--open') args.open = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--port' || arg?.startsWith('--port=')) {
      const value = arg === '--port' ? argv[++i] : arg.slice('--port='.length);
      const port = Number(value);
      if (!value || !Number.isInteger(port) || port < 0 || port > 65535) {
        return { error: `--port needs a whole number from 0 to 65535, not ${JSON.stringify(value ?? '')}.` };
      }
      args.port = port;
    } else {
      return { error: `Unknown argument ${JSON.stringify(arg)}.` };
    }
  }
  return args;
}
