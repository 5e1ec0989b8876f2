// The readable parts of a card in any generation's shape, for the summary: never throws on a strange card.

export interface CardSummary {
  name: string;
  description?: string;
  version?: string;
  provider?: string;
  capabilities: string[];
  skills: Array<{ id: string; name: string; description?: string; examples: string[] }>;
}

export function cardSummary(text: string): CardSummary {
  let card: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) card = parsed;
  } catch {
    // The findings list says what is wrong with the text.
  }
  const provider = isObject(card.provider) ? str(card.provider.organization) : undefined;
  const capabilities = isObject(card.capabilities)
    ? Object.entries(card.capabilities)
        .filter(([, value]) => value === true || (Array.isArray(value) && value.length > 0))
        .map(([key, value]) => (Array.isArray(value) ? `${key} (${value.length})` : key))
    : [];
  const skills = (Array.isArray(card.skills) ? card.skills : []).filter(isObject).map((skill, i) => {
    const description = str(skill.description);
    return {
      id: str(skill.id) ?? `skill-${i}`,
      name: str(skill.name) ?? str(skill.id) ?? `Skill ${i + 1}`,
      ...(description ? { description } : {}),
      examples: (Array.isArray(skill.examples) ? skill.examples : []).filter(
        (e): e is string => typeof e === 'string',
      ),
    };
  });
  const description = str(card.description);
  const version = str(card.version);
  return {
    name: str(card.name) ?? 'Unnamed agent',
    ...(description ? { description } : {}),
    ...(version ? { version } : {}),
    ...(provider ? { provider } : {}),
    capabilities,
    skills,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
