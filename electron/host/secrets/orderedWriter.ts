// Rewrites of one small file, in the order they were asked for: a later change is never overwritten by an earlier
// write that finished last, and a failed write does not stop the next one (its caller hears of the failure).

import { writeFileAtomic } from '../atomicFile';

export function orderedWriter(file: string): (content: string) => Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  return (content) => {
    const next = writing
      .catch(() => {})
      .then(async () => {
        await writeFileAtomic(file, content);
      });
    writing = next;
    return next;
  };
}
