// Names a failed exchange in words a user can act on. Node reports network trouble as error codes; these tables
// group them into the labelled kinds a frame carries (DNS, refused, TLS, timeout …).

import type { FrameError, TimeoutPhase } from '../../shared/wire/frame';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

function isTlsCode(code: string): boolean {
  return (
    TLS_CODES.has(code) ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_')
  );
}

export function describeNetworkError(error: unknown, target: string): FrameError {
  const code = errorCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (code && DNS_CODES.has(code)) {
    return {
      kind: 'dns',
      label: 'DNS lookup failed',
      message: `The name in ${target} could not be resolved (${detail}).`,
      code,
    };
  }
  if (code === 'ECONNREFUSED') {
    return {
      kind: 'refused',
      label: 'Connection refused',
      message: `Nothing is listening at ${target}.`,
      code,
    };
  }
  if (code && isTlsCode(code)) {
    return {
      kind: 'tls',
      label: 'TLS failed',
      message: `The secure connection to ${target} failed: ${detail}`,
      code,
    };
  }
  if (code && RESET_CODES.has(code)) {
    return {
      kind: 'reset',
      label: 'Connection reset',
      message: `${target} closed the connection: ${detail}`,
      code,
    };
  }
  if (code && UNREACHABLE_CODES.has(code)) {
    return {
      kind: 'unreachable',
      label: 'Host unreachable',
      message: `${target} cannot be reached: ${detail}`,
      code,
    };
  }
  if (code?.startsWith('HPE_')) {
    return {
      kind: 'protocol',
      label: 'Invalid HTTP response',
      message: `${target} sent a malformed response: ${detail}`,
      code,
    };
  }
  const error_: FrameError = { kind: 'network', label: 'Network error', message: detail };
  if (code) error_.code = code;
  return error_;
}

const PHASE_WORDS: Record<TimeoutPhase, string> = {
  connect: 'connecting',
  'first-byte': 'waiting for the first byte of the response',
  idle: 'waiting for more data (idle)',
  total: 'for the whole exchange',
};

export function timeoutError(phase: TimeoutPhase, ms: number): FrameError {
  return {
    kind: 'timeout',
    phase,
    label: `Timed out (${phase})`,
    message: `Gave up after ${ms} ms ${PHASE_WORDS[phase]}.`,
  };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
