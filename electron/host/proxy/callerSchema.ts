// The caller's request checked against its operation's request schema (PRX-3), when the proxy records it: the same
// check the request editor runs on a body being typed (requestBodySchema.ts), kept on the frame as `caller.schema`
// findings so the Checks panel lists them on the caller's side (shared/checks/callerChecks.ts).

import type { Finding } from '../../../shared/wire/finding';
import { checkRequestBody } from '../requestBodySchema';

export function callerSchemaFindings(request: {
  generation: string;
  binding: string;
  operation: string;
  body: string | undefined;
}): Finding[] {
  if (request.body === undefined) return [];
  const checked = checkRequestBody({ ...request, body: request.body });
  if (!checked.schema) return [];
  const findings: Finding[] = checked.problems.map((problem) => ({
    rule: 'caller.schema',
    severity: 'error',
    message: `The caller's request is not a valid ${checked.schema}: ${problem.path} ${problem.message}.`,
  }));
  if (checked.more > 0) {
    findings.push({
      rule: 'caller.schema',
      severity: 'error',
      message: `The caller's request has ${checked.more} more problem(s) against ${checked.schema}.`,
    });
  }
  return findings;
}
