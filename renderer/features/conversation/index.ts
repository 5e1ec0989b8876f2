// The conversation feature: messages and artifacts as a chat, beside the composer. Other features import it only
// from here.

export { ConversationView } from './ConversationView';
