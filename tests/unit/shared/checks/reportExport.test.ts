// @vitest-environment jsdom
// Reports written out (CHK-5): JSON that reads back as the report, and JUnit XML that parses (jsdom's DOMParser),
// with a suite per area, a test case per check that ran, failures for errors and warnings, notes in system-out,
// skipped and broken probes told apart, and text that cannot break the file.

import { describe, expect, it } from 'vitest';
import { reportToJson, reportToJUnit, xmlText } from '../../../../shared/checks/reportExport';
import { runChecks } from '../../../../shared/checks/runChecks';
import type { CheckReport, ProbeResult } from '../../../../shared/checks/types';
import { exchange, finding, stream } from '../../../fixtures/checks/frames';

// jsdom's DOMParser (this file runs in the jsdom environment; the tests' tsconfig has no DOM types).
interface XmlElement {
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
  parentElement: XmlElement | null;
  textContent: string | null;
}
interface XmlDocument {
  getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
  documentElement: XmlElement;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
};

function parse(xml: string): XmlDocument {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const probe = (
  probeId: string,
  status: ProbeResult['status'],
  message: string,
  withFinding = false,
): ProbeResult => ({
  probeId,
  status,
  message,
  frameIds: status === 'skipped' ? [] : ['p'],
  findings: withFinding
    ? [
        {
          checkId: probeId,
          severity: 'error',
          message,
          spec: 'A2A 1.0 §3.3.2 Error Handling',
          specUrl: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#332-error-handling',
          frameIds: ['p'],
        },
      ]
    : [],
  durationMs: 1234,
});

const report = runChecks({
  frames: [
    ...stream('s', '1.0', [{ taskId: 't', state: 'completed' }]),
    exchange({ id: 'bad', findings: [finding('jsonrpc.id-mismatch'), finding('json.bom', 'info')] }),
    exchange({ id: 'ct', findings: [finding('http.content-type', 'warning')] }),
  ],
  agents: [{ id: 'a1', name: 'A', cardUrl: 'http://x/card', generation: '1.0' }],
  cardFindings: [{ agentId: 'a1', frameId: 'card', findings: [] }],
  probes: [
    probe('probe.streaming', 'passed', 'streams'),
    probe('probe.unknown-task', 'failed', 'Got -32603 <not> "TaskNotFound" & co', true),
    probe('probe.push', 'skipped', 'The card does not declare push.'),
    probe('probe.cancel', 'error', 'The agent could not be reached.'),
  ],
  appVersion: '1.2.3',
  now: () => new Date('2026-11-22T10:00:00Z'),
});

const testcase = (doc: XmlDocument, id: string) =>
  [...doc.getElementsByTagName('testcase')].find((c) => c.getAttribute('name')?.startsWith(`${id}: `));

describe('JSON', () => {
  it('reads back as the report, one line ending the file', () => {
    const text = reportToJson(report);
    expect(JSON.parse(text)).toEqual(report);
    expect(text.endsWith('}\n')).toBe(true);
  });
});

describe('JUnit XML', () => {
  const xml = reportToJUnit(report);
  const doc = parse(xml);

  it('one suite per area, one test case per check that ran', () => {
    const suites = [...doc.getElementsByTagName('testsuite')];
    expect(suites.map((s) => s.getAttribute('name'))).toEqual([
      'switchboard.card',
      'switchboard.frame',
      'switchboard.state',
      'switchboard.probe',
    ]);
    expect(doc.getElementsByTagName('testcase')).toHaveLength(report.checksRun.length);
    expect(Number(doc.documentElement.getAttribute('tests'))).toBe(report.checksRun.length);
    for (const suite of suites) {
      const cases = [...suite.getElementsByTagName('testcase')];
      expect(Number(suite.getAttribute('tests'))).toBe(cases.length);
      expect(Number(suite.getAttribute('failures'))).toBe(suite.getElementsByTagName('failure').length);
      expect(Number(suite.getAttribute('errors'))).toBe(suite.getElementsByTagName('error').length);
      expect(Number(suite.getAttribute('skipped'))).toBe(suite.getElementsByTagName('skipped').length);
      expect(suite.getAttribute('timestamp')).toBe('2026-11-22T10:00:00.000Z');
      for (const c of cases) expect(c.getAttribute('classname')).toBe(suite.getAttribute('name'));
    }
    expect(Number(doc.documentElement.getAttribute('failures'))).toBe(
      doc.getElementsByTagName('failure').length,
    );
  });

  it('errors and warnings fail; notes go to system-out; a clean check passes', () => {
    expect(testcase(doc, 'frame.jsonrpc')?.getElementsByTagName('failure')[0]?.getAttribute('type')).toBe(
      'error',
    );
    const warning = testcase(doc, 'frame.content-type')?.getElementsByTagName('failure')[0];
    expect(warning?.getAttribute('type')).toBe('warning');
    // The fixture's finding has no section of its own, so it cites its check's, in the agent's generation.
    expect(warning?.textContent).toBe(
      'warning: http.content-type happened (A2A 1.0 §9.1 Protocol Requirements ' +
        '<https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#91-protocol-requirements>) [frames ct]',
    );
    const note = testcase(doc, 'frame.json')!;
    expect(note.getElementsByTagName('failure')).toHaveLength(0);
    expect(note.getElementsByTagName('system-out')[0]?.textContent).toContain('info: json.bom happened');
    const clean = testcase(doc, 'state.illegal-transition')!;
    expect(clean.getElementsByTagName('failure')).toHaveLength(0);
    expect(clean.getElementsByTagName('system-out')).toHaveLength(0);
  });

  it('probes: failed, skipped, could not run (an error), passed, each with its time', () => {
    const failed = testcase(doc, 'probe.unknown-task')!;
    expect(failed.getElementsByTagName('failure')[0]?.getAttribute('message')).toBe(
      'Got -32603 <not> "TaskNotFound" & co',
    );
    expect(failed.getAttribute('time')).toBe('1.234');
    expect(testcase(doc, 'probe.push')?.getElementsByTagName('skipped')).toHaveLength(1);
    const broken = testcase(doc, 'probe.cancel')!.getElementsByTagName('error')[0];
    expect(broken?.getAttribute('message')).toBe('The agent could not be reached.');
    expect(testcase(doc, 'probe.streaming')?.getElementsByTagName('failure')).toHaveLength(0);
    expect(testcase(doc, 'probe.bindings-agree')).toBeUndefined();
  });

  it('escapes what it writes', () => {
    expect(xml).toContain('Got -32603 &lt;not&gt; &quot;TaskNotFound&quot; &amp; co');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Switchboard checks" tests="\d+" failures="\d+">/,
    );
  });

  it('several findings of one check: the count in the message, each one in the text; identical ones once, ×N', () => {
    const many = runChecks({
      frames: [
        ...[1, 2, 3].map((n) => exchange({ id: `h${n}`, findings: [finding('json.invalid')] })),
        exchange({ id: 'd', findings: [finding('json.duplicate-key')] }),
      ],
      agents: [],
      cardFindings: [],
      appVersion: 'x',
    });
    const failure = testcase(parse(reportToJUnit(many)), 'frame.json')!.getElementsByTagName('failure')[0]!;
    expect(failure.getAttribute('message')).toBe(
      '2 findings (4 occurrences); the first: json.invalid happened ×3',
    );
    expect(failure.textContent?.split('\n')).toEqual([
      'error: json.invalid happened ×3 (RFC 8259 §2 JSON Grammar <https://www.rfc-editor.org/rfc/rfc8259#section-2>) [frames h1, h2, h3]',
      'error: json.duplicate-key happened (RFC 8259 §2 JSON Grammar <https://www.rfc-editor.org/rfc/rfc8259#section-2>) [frames d]',
    ]);
  });

  it('each test case names its check’s section and link as properties', () => {
    const properties = (id: string) =>
      Object.fromEntries(
        [...testcase(doc, id)!.getElementsByTagName('property')].map((p) => [
          p.getAttribute('name'),
          p.getAttribute('value'),
        ]),
      );
    expect(properties('state.illegal-transition')).toEqual({
      spec: 'A2A 1.0 §4.1.3 TaskState',
      'spec-url': 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#413-taskstate',
    });
    expect(properties('frame.jsonrpc')).toEqual({
      spec: 'JSON-RPC 2.0',
      'spec-url': 'https://www.jsonrpc.org/specification',
    });
    expect(xml).not.toMatch(/PROTOCOL\.md|FEATURES\.md/);
  });

  it('characters XML cannot carry, line breaks in attributes and very long messages do not break the file', () => {
    const odd = runChecks({
      frames: [
        exchange({
          id: 'h',
          findings: [
            {
              rule: 'json.invalid',
              severity: 'error',
              message: `bad \u0000\u0007 byte \uFFFF\nsecond line ${'x'.repeat(900)}`,
            },
          ],
        }),
      ],
      agents: [],
      cardFindings: [],
      appVersion: 'x',
    });
    const text = reportToJUnit(odd);
    const forbidden = [...text].filter((ch) => {
      const code = ch.codePointAt(0)!;
      return (
        (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff
      );
    });
    expect(forbidden).toEqual([]);
    const message = testcase(parse(text), 'frame.json')!
      .getElementsByTagName('failure')[0]!
      .getAttribute('message')!;
    expect(message.startsWith('bad \uFFFD\uFFFD byte \uFFFD second line x')).toBe(true);
    expect(message.length).toBeLessThanOrEqual(500);
    expect(xmlText('a\uD800b')).toBe('a\uFFFDb');
  });

  it('a check id the catalogue does not know still gets its test case; empty suites are written empty', () => {
    const odd: CheckReport = {
      ...report,
      checksRun: [],
      probes: [],
      findings: [
        {
          checkId: 'probe.future',
          severity: 'warning',
          message: 'new',
          spec: 'A2A 1.0 specification',
          frameIds: [],
        },
      ],
    };
    const parsed = parse(reportToJUnit(odd));
    expect(testcase(parsed, 'probe.future')?.getElementsByTagName('failure')).toHaveLength(1);
    const card = [...parsed.getElementsByTagName('testsuite')].find(
      (s) => s.getAttribute('name') === 'switchboard.card',
    );
    expect(card?.getAttribute('tests')).toBe('0');
  });
});
