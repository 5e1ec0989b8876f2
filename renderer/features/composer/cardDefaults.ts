// What the agent's card says the composer should start with: streaming on when the card declares it (MSG-6). The
// field has the same name in every generation (`capabilities.streaming`); absent means the agent does not stream.

export function cardStreams(cardText: string): boolean {
  try {
    const card: unknown = JSON.parse(cardText);
    if (typeof card !== 'object' || card === null) return false;
    const capabilities: unknown = (card as Record<string, unknown>).capabilities;
    if (typeof capabilities !== 'object' || capabilities === null) return false;
    return (capabilities as Record<string, unknown>).streaming === true;
  } catch {
    return false;
  }
}
