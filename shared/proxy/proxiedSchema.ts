// The shape a frame's `proxied` tag (PRX-1) must have to be let in from a session file: the views read the client,
// the proxy's and upstream's URLs and the fault sentences without further checks, so a hostile file with a tag of
// the wrong shape is refused on open (shared/session/frameSchema.ts) rather than breaking a view. Loose, like the
// rest of the frame schema, so fields a newer release adds still open.

import { z } from 'zod';

const faultMarkSchema = z.looseObject({ ruleId: z.string(), kind: z.string(), detail: z.string() });

export const proxiedSchema = z.looseObject({
  proxyId: z.string(),
  listenUrl: z.string(),
  upstream: z.string(),
  client: z.looseObject({ address: z.string(), port: z.number(), userAgent: z.string().optional() }),
  binding: z.string(),
  faults: z.array(faultMarkSchema).optional(),
  rewritten: z.string().optional(),
  replacedBy: z.string().optional(),
});
