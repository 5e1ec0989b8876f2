// Words for the token panel's times (AUTH-3): a live countdown to expiry, and how long ago a token was refreshed.
// Pure, so the wording is tested without a clock.

/** A duration in its two largest units: "2d 03h", "1h 05m", "4m 09s", "12s". Negative counts as zero. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}h`;
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(secs)}s`;
  return `${secs}s`;
}

/** "expires in 59m 58s", "expired 3s ago", or that the server stated no lifetime. */
export function expiryText(expiresAt: number | undefined, now: number): string {
  if (expiresAt === undefined) return 'no stated expiry: used until the agent refuses it';
  return expiresAt > now
    ? `expires in ${formatDuration(expiresAt - now)}`
    : `expired ${formatDuration(now - expiresAt)} ago`;
}

/** "never" or "4m 09s ago"; a time a little ahead of this clock counts as now. */
export function refreshedText(refreshedAt: number | undefined, now: number): string {
  return refreshedAt === undefined
    ? 'never (this is the first token)'
    : `${formatDuration(now - refreshedAt)} ago`;
}
