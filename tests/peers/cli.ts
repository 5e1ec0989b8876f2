// `npm run peer -- <name> [--port N]`: starts one test peer on 127.0.0.1, prints its card URL and keeps it running
// until Ctrl-C. `--list` names the peers.

import { isPeerName, peerNames, peers } from './index';

function usage(): string {
  return `Usage: npm run peer -- <name> [--port N]   |   npm run peer -- --list\nPeers: ${peerNames.join(', ')}`;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--list')) {
    for (const name of peerNames) console.log(name);
    return 0;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage());
    return 0;
  }
  const name = argv.find((arg, i) => !arg.startsWith('-') && argv[i - 1] !== '--port');
  if (name === undefined) {
    console.error(`No peer named.\n${usage()}`);
    return 2;
  }
  if (!isPeerName(name)) {
    console.error(`Unknown peer "${name}". Known peers: ${peerNames.join(', ')}.`);
    return 2;
  }
  const portIndex = argv.indexOf('--port');
  let port = 0;
  if (portIndex !== -1) {
    const value = argv[portIndex + 1];
    port = Number(value);
    if (value === undefined || !Number.isInteger(port) || port < 0 || port > 65_535) {
      console.error(`--port needs a number from 0 to 65535, not ${JSON.stringify(value ?? '')}.`);
      return 2;
    }
  }

  const peer = await peers[name]({ port });
  console.log(`${peer.name} (A2A ${peer.generation}) is listening on ${peer.baseUrl}`);
  console.log(`Card: ${peer.cardUrl}`);
  console.log('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await peer.close();
  console.log(`\n${peer.name} stopped.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
