// Decoders on bytes real agents produced: every frame recorded from the SDK peers (tests/fixtures/wire, written by
// `npm run record:wire`) is identified as an operation of its generation and binding and decoded — with no error
// finding, except in the error groups, where the agent's refusal must decode as a named A2A error. Push deliveries
// decode with their generation's push decoder; each peer's card is detected and checked.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCardText } from '../../../../electron/host/cardCheck';
import { findAdapter } from '../../../../shared/a2a/adapters';
import { detectCard, type Detection } from '../../../../shared/a2a/detect';
import type { Binding, Generation } from '../../../../shared/a2a/generation';
import { identifyRequest } from '../../../../shared/a2a/identify';
import type { HttpFrame } from '../../../../shared/wire/frame';
import { decodeFrame, errors } from '../../../integration/support/a2aRoundTrip';

interface Fixture {
  description: string;
  generation: Generation;
  binding: Binding | 'well-known';
  frames: HttpFrame[];
  pushDeliveries?: Array<{ body: { text: string } }>;
}

const root = path.resolve('tests/fixtures/wire');
const peerDirs = readdirSync(root).sort();

function load(dir: string, file: string): Fixture {
  return JSON.parse(readFileSync(path.join(root, dir, file), 'utf8')) as Fixture;
}

function detectionOf(dir: string): Detection {
  const frame = load(dir, 'well-known-card.json').frames[0]!;
  const detected = detectCard(JSON.parse(frame.response!.body.text), { servedFrom: frame.request.url });
  if ('error' in detected) throw new Error(detected.error);
  return detected;
}

it('has recordings of every peer', () => {
  expect(peerDirs).toEqual(['v0.1', 'v0.2', 'v0.3', 'v1.0', 'v1.0-compat']);
});

for (const dir of peerDirs) {
  describe(dir, () => {
    const files = readdirSync(path.join(root, dir)).filter(
      (f) => f.endsWith('.json') && f !== 'well-known-card.json',
    );

    it('its card is detected and checked, with every finding placed', () => {
      const frame = load(dir, 'well-known-card.json').frames[0]!;
      const check = checkCardText(frame.response!.body.text, { cardUrl: frame.request.url });
      expect(check.detection?.interfaces.length).toBeGreaterThan(0);
      for (const finding of check.findings)
        if (finding.pointer !== undefined) expect(finding.line).toBeGreaterThan(0);
      if (dir === 'v1.0-compat') {
        // @a2a-js/sdk 1.3.0 serves its in-memory oneof ({"$case", "value"}) as the security scheme: a real bug to show.
        // (The compat peer keeps the SDK's own serialization; the plain v1.0 peer serves the wire shape.)
        expect(
          check.findings.some(
            (f) =>
              f.rule === 'card.scheme-shape' &&
              f.pointer === '/securitySchemes/bearer' &&
              f.severity === 'error',
          ),
        ).toBe(true);
      }
    });

    for (const file of files) {
      it(file, () => {
        const fixture = load(dir, file);
        const binding = fixture.binding as Binding;
        const adapter = findAdapter(fixture.generation, binding);
        if (!adapter) throw new Error(`no adapter for ${fixture.generation} ${binding}`);
        const iface = detectionOf(dir).interfaces.find(
          (i) => i.generation === fixture.generation && i.binding === binding,
        );
        if (!iface)
          throw new Error(`the card of ${dir} declares no ${fixture.generation} ${binding} interface`);
        const errorGroup = /errors/.test(file);
        let decodedFrames = 0;
        for (const frame of fixture.frames) {
          const recorded = {
            method: frame.request.method,
            url: frame.request.url,
            headers: frame.request.headers,
            ...(frame.request.body ? { bodyText: frame.request.body.text } : {}),
          };
          const request = identifyRequest(adapter, recorded, iface.url);
          if (!request) {
            expect(
              errorGroup,
              `${frame.request.method} ${frame.request.url} is no ${adapter.generation} ${adapter.binding} operation`,
            ).toBe(true);
            continue;
          }
          const trip = decodeFrame(adapter, request, frame);
          decodedFrames++;
          const failed =
            (frame.response?.status ?? 0) >= 400 || /"error"\s*:/.test(frame.response?.body.text ?? '');
          if (errorGroup && failed) {
            expect(['error', 'invalid'], `${request.operation}: ${frame.response?.body.text}`).toContain(
              trip.decoded.kind,
            );
            if (trip.decoded.kind === 'error') expect(trip.decoded.error.message.length).toBeGreaterThan(0);
          } else if (!errorGroup) {
            expect(errors(trip.findings), `${request.operation} ${frame.request.url}`).toEqual([]);
            expect(trip.decoded.kind, `${request.operation}`).not.toBe('invalid');
            for (const event of trip.events)
              expect(event.kind, `${request.operation} event`).not.toBe('invalid');
          }
        }
        expect(decodedFrames).toBeGreaterThan(0);
        for (const delivery of fixture.pushDeliveries ?? []) {
          if (!delivery.body.text.trim()) continue;
          const decoded = adapter.decodePush(delivery.body.text);
          expect(decoded.kind, delivery.body.text.slice(0, 200)).toBe('item');
          expect(errors(decoded.findings)).toEqual([]);
        }
      });
    }
  });
}
