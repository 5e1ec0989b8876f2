// How a corrupt-event fault (PRX-4) spoils one unit of an answer so that the client's parser, not its transport,
// fails: an SSE event keeps its framing (field names, blank line) but its data is cut mid-JSON or replaced by text
// that is no JSON; a gRPC message keeps a valid length prefix around a truncated or nonsense protobuf; a plain body
// is cut in half or replaced. The outcome is deterministic so tests and frames can say exactly what was sent.

import type { CorruptHow } from './faultRules';
import type { UnitFraming } from './streamUnits';

/** Text that no JSON parser accepts, kept printable so the frame inspector shows it plainly. */
export const garbageText = '@@ not JSON @@ {';

const encoder = new TextEncoder();

function corruptSse(unit: Uint8Array, how: CorruptHow): Uint8Array {
  const text = new TextDecoder().decode(unit);
  const lines = text.split(/\r\n|\r|\n/);
  const out: string[] = [];
  let spoiled = false;
  for (const line of lines) {
    const data = /^data(?::( ?)(.*))?$/.exec(line);
    if (!data) {
      if (line !== '') out.push(line);
      continue;
    }
    if (spoiled) continue;
    spoiled = true;
    const value = data[2] ?? '';
    const cut = value.slice(0, Math.max(0, Math.floor(value.length / 2)));
    out.push(`data: ${how === 'garbage' ? garbageText : cut}`);
  }
  return encoder.encode(`${out.join('\n')}\n\n`);
}

function corruptGrpc(unit: Uint8Array, how: CorruptHow): Uint8Array {
  const payload = unit.slice(5);
  // 0xff starts a field with wire type 7, which no protobuf parser accepts.
  const spoiled =
    how === 'garbage'
      ? new Uint8Array(Math.max(payload.length, 1)).fill(0xff)
      : payload.slice(0, payload.length >> 1);
  const out = new Uint8Array(5 + spoiled.length);
  out[0] = unit[0] ?? 0;
  new DataView(out.buffer).setUint32(1, spoiled.length);
  out.set(spoiled, 5);
  return out;
}

function corruptWhole(body: Uint8Array, how: CorruptHow): Uint8Array {
  return how === 'garbage' ? encoder.encode(garbageText) : body.slice(0, body.length >> 1);
}

/** The spoiled form of one unit: an SSE event, a gRPC message, or (framing undefined) a whole plain body. */
export function corruptUnit(unit: Uint8Array, framing: UnitFraming | undefined, how: CorruptHow): Uint8Array {
  if (framing === 'sse') return corruptSse(unit, how);
  if (framing === 'grpc') return corruptGrpc(unit, how);
  return corruptWhole(unit, how);
}
