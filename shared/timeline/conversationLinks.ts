// Frame ↔ conversation (TL-4): which message or artifact of the conversation a frame carried, so that selecting a
// frame anywhere (timeline, frames table, inspector) highlights what it said, and the frame an item came from, so that
// clicking the item selects it. Pure: both directions are read from the timeline model's own records.

import type { ConversationItem } from './timelineModel';
import type { AssembledArtifact, TaskView } from './taskView';

/** One item of the conversation: a message by its id, or an artifact by `<task id>/<artifact key>`. */
export type ConversationTarget = { kind: 'message'; id: string } | { kind: 'artifact'; id: string };

/** The id the conversation gives an artifact: unique across tasks, since keys repeat from task to task. */
export function artifactTargetId(
  task: Pick<TaskView, 'id'>,
  artifact: Pick<AssembledArtifact, 'key'>,
): string {
  return `${task.id}/${artifact.key}`;
}

/**
 * What `frameId` shows in the conversation: the message it carried (a sent message's request, a status message's
 * event, a direct answer) or else the artifact it built (a chunk, or a task snapshot holding it). Undefined for
 * frames that said nothing the conversation shows (keep-alives, bare state changes, errors).
 */
export function conversationTargetOf(
  conversation: readonly ConversationItem[],
  tasks: Iterable<TaskView>,
  frameId: string | null,
): ConversationTarget | undefined {
  if (!frameId) return undefined;
  // From the end: the frame just selected is most often a recent one.
  for (let i = conversation.length - 1; i >= 0; i--) {
    const item = conversation[i]!;
    if (item.frameId === frameId) return { kind: 'message', id: item.id };
  }
  for (const task of tasks) {
    for (const artifact of task.artifacts) {
      if (artifact.frameIds.includes(frameId))
        return { kind: 'artifact', id: artifactTargetId(task, artifact) };
    }
  }
  return undefined;
}

/** The frame an item came from: a message's own frame; an artifact's latest chunk, which shows it whole so far. */
export function frameOfTarget(item: ConversationItem | AssembledArtifact): string | null {
  return 'frameIds' in item ? (item.frameIds.at(-1) ?? null) : item.frameId;
}
