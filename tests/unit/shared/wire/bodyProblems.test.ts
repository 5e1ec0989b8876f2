// Mapping schema errors to the request editor's problem list (MSG-8): JSON paths, wording per keyword, one line per
// distinct problem, in body order, capped.

import { describe, expect, it } from 'vitest';
import { bodyProblems, jsonPathOf } from '../../../../shared/wire/bodyProblems';

describe('jsonPathOf', () => {
  it('writes pointers as JSON paths', () => {
    expect(jsonPathOf('')).toBe('$');
    expect(jsonPathOf('/params/message/parts/0/kind')).toBe('$.params.message.parts[0].kind');
    expect(jsonPathOf('/a~1b/x-y/01')).toBe('$["a/b"]["x-y"]["01"]');
  });
});

describe('bodyProblems', () => {
  const options = { base: '/params', schema: 'Send Message Request', max: 3 };

  it('words required, unknown and enum problems at the field they are about', () => {
    const errors = [
      { instancePath: '/message', keyword: 'required', params: { missingProperty: 'messageId' } },
      { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'my-field' } },
      {
        instancePath: '/message/role',
        keyword: 'enum',
        params: { allowedValues: ['ROLE_USER', 'ROLE_AGENT'] },
      },
    ];
    expect(bodyProblems(errors, options)).toEqual({
      problems: [
        { path: '$.params.message.messageId', message: 'is required by Send Message Request' },
        { path: '$.params.message.role', message: 'must be one of "ROLE_USER", "ROLE_AGENT"' },
        { path: '$.params["my-field"]', message: 'is not a field of Send Message Request here' },
      ],
      more: 0,
    });
  });

  it('says a repeated problem once, keeps the validator’s wording otherwise, and counts what it leaves off', () => {
    const type = { instancePath: '/id', keyword: 'type', message: 'must be string' };
    const errors = [type, type, ...['/a', '/b', '/c'].map((p) => ({ instancePath: p, keyword: 'x' }))];
    expect(bodyProblems(errors, { ...options, base: '' })).toEqual({
      problems: [
        { path: '$.a', message: 'does not match the schema' },
        { path: '$.b', message: 'does not match the schema' },
        { path: '$.c', message: 'does not match the schema' },
      ],
      more: 1,
    });
  });
});
