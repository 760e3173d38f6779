import type { Logger } from '../logger';

/**
 * Work a request starts but does not wait for, so that its answer (and how long it takes) cannot
 * tell what the work found: the reset-password form mails a link to known addresses only.
 */
export interface BackgroundTasks {
  /** Starts `task` once the current answer is on its way; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far (and any they started) has finished: shutdown, tests. */
  idle(): Promise<void>;
}

export function backgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // setImmediate, not a microtask: the task's first query must not run ahead of the answer.
      const running: Promise<void> = new Promise<void>((start) => setImmediate(start))
        .then(task)
        .catch((error: unknown) => logger.error('background task failed', { task: name, error }))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
