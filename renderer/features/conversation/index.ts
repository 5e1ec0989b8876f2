// The conversation feature: messages and artifacts as a chat, beside the composer; the list alone for other views
// that read one task (browse mode) or a recorded run held beside the live one. Other features import it only from
// here.

export { ConversationItems } from './ConversationItems';
export { ConversationView } from './ConversationView';
export { RecordedConversation } from './RecordedConversation';
