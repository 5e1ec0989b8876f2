// The conversation feature: messages and artifacts as a chat, beside the composer; the list alone for other views
// that read one task (browse mode). Other features import it only from here.

export { ConversationItems } from './ConversationItems';
export { ConversationView } from './ConversationView';
