// `npm run peer -- <name> [--port N]`: starts one test peer on 127.0.0.1, prints its card URL and keeps it running
// until Ctrl-C. `--list` names the peers.

import { actsPeerNames, actsPeers, isActsPeerName } from './actsPeers';
import { AUTH_PEER, startAuthPeer } from './authPeer';
import { brokenPeerFaults, startBrokenPeer } from './brokenPeer';
import { faultyPeerFaults, faultyPeerNotes, startFaultyPeer } from './faultyPeer';
import { hostileFaultNotes, hostileFaults, startHostilePeer } from './hostilePeer';
import { isPeerName, peerNames, peers } from './index';
import { PEER_BEARER_TOKEN } from './peerAuth';
import { SIMPLE_REST_PEER, startSimpleRestPeer } from './simpleRestPeer';
import { startTokenEndpoint } from './tokenEndpoint';

/** Peers started apart from the generation peers: sets of agents under their own paths, and the broken agent. */
const groups = ['hostile', 'auth', 'broken', 'faulty', 'simple-rest'] as const;
const allNames = [...peerNames, ...actsPeerNames, ...groups];

function usage(): string {
  return `Usage: npm run peer -- <name> [--port N]   |   npm run peer -- --list\nPeers: ${allNames.join(', ')}`;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--list')) {
    for (const name of allNames) console.log(name);
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
  if (!isPeerName(name) && !isActsPeerName(name) && !(groups as readonly string[]).includes(name)) {
    console.error(`Unknown peer "${name}". Known peers: ${allNames.join(', ')}.`);
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

  const stop = await start(name, port);
  console.log('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stop();
  console.log(`\n${name} stopped.`);
  return 0;
}

/** Starts the named peer, prints where to reach it, and returns how to stop it. */
async function start(name: string, port: number): Promise<() => Promise<void>> {
  if (name === 'hostile') {
    const peer = await startHostilePeer({ port });
    console.log(`The hostile agents are listening on ${peer.baseUrl}; open one of these in Switchboard:`);
    for (const fault of hostileFaults)
      console.log(`  ${peer.agentUrl(fault)}  — ${hostileFaultNotes[fault]}`);
    return () => peer.close();
  }
  if (name === 'broken') {
    const peer = await startBrokenPeer({ port });
    console.log(`The broken agent is listening on ${peer.baseUrl}; its faults:`);
    for (const fault of brokenPeerFaults) console.log(`  - ${fault}`);
    return () => peer.close();
  }
  if (name === 'faulty') {
    const peer = await startFaultyPeer({ port });
    console.log(`The faulty agents are listening on ${peer.baseUrl}; each is wrong in one way:`);
    console.log(`  ${peer.agentUrl('correct')}  — nothing wrong`);
    for (const fault of faultyPeerFaults)
      console.log(`  ${peer.agentUrl(fault)}  — ${faultyPeerNotes[fault]}`);
    return () => peer.close();
  }
  if (name === 'simple-rest') {
    const peer = await startSimpleRestPeer({ port });
    console.log(`The simple REST agent (not A2A) is listening on ${peer.baseUrl}`);
    console.log(`Card: ${peer.cardUrl}; send ${SIMPLE_REST_PEER.header}: ${SIMPLE_REST_PEER.apiKey}`);
    return () => peer.close();
  }
  if (name === 'auth') {
    const tokens = await startTokenEndpoint({ clientId: 'switchboard', clientSecret: 'switchboard-secret' });
    const peer = await startAuthPeer({ port, tokenEndpoint: tokens });
    console.log(`The auth agents are listening on ${peer.baseUrl}:`);
    for (const agent of peer.agents) console.log(`  ${peer.agentUrl(agent)}`);
    console.log(`Credentials: ${JSON.stringify(AUTH_PEER)}`);
    console.log(`OAuth client credentials: switchboard / switchboard-secret at ${tokens.tokenUrl}`);
    return async () => {
      await peer.close();
      await tokens.close();
    };
  }
  if (isActsPeerName(name)) {
    const peer = await actsPeers[name]({ port });
    console.log(`${peer.name} (A2A ${peer.generation}, ACTS SUT behaviours) is listening on ${peer.baseUrl}`);
    console.log(`Card: ${peer.cardUrl}`);
    for (const intf of peer.interfaces)
      console.log(`  ${intf.protocolBinding} ${intf.protocolVersion}: ${intf.url}`);
    console.log(`Extended card: send Authorization: Bearer ${PEER_BEARER_TOKEN}`);
    return () => peer.close();
  }
  if (!isPeerName(name)) throw new Error(`Unknown peer ${name}`);
  const peer = await peers[name]({ port });
  console.log(`${peer.name} (A2A ${peer.generation}) is listening on ${peer.baseUrl}`);
  console.log(`Card: ${peer.cardUrl}`);
  return () => peer.close();
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
