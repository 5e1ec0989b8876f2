// Accepts what people type: a bare host or path gets http:// in front, as browsers and API clients do.

export function normalizeAddress(input: string): string {
  const trimmed = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
}
