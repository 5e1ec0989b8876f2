// The conversation feature: messages and artifacts as a chat, beside the composer; the list alone for other views
// that read one task (browse mode) or a recorded run held beside the live one. Other features import it only from
// here.

import { lazyView } from '../../ui/lazyView';

// Not on the first screen: loaded on first render (renderer/ui/lazyView.ts), keeping the start small.
export const ConversationItems = lazyView('conversation', () =>
  import('./ConversationItems').then((m) => m.ConversationItems),
);
export const ConversationView = lazyView('conversation view', () =>
  import('./ConversationView').then((m) => m.ConversationView),
);
export const RecordedConversation = lazyView('recorded conversation', () =>
  import('./RecordedConversation').then((m) => m.RecordedConversation),
);
