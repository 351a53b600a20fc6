import { describe, expect, it } from 'vitest';
import { createWorkQueue, WorkQueueFullError } from './work-queue';

/** A task that records when it starts and runs until released. */
const recorder = () => {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      releases.set(name, () => resolve(name));
    });
  const release = async (name: string) => {
    releases.get(name)!();
    await settle();
  };
  return { started, task, release };
};

/** Lets the queue start what it may (p-limit starts tasks on later microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const limits = { concurrency: 2, perKey: 1, maxAdmittedPerKey: 4, maxAdmitted: 6 };

describe('work queue', () => {
  it('runs a newcomer’s task before the rest of a busy key’s backlog', async () => {
    const queue = createWorkQueue(limits);
    const { started, task, release } = recorder();
    const busy = queue.run('a', [task('a1'), task('a2'), task('a3')]);
    await settle();
    // a's one slot is taken: the other slot stays free for whoever comes next.
    expect(started).toEqual(['a1']);
    const newcomer = queue.run('b', [task('b1')]);
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    await release('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await release('b1');
    await release('a2');
    await release('a3');
    expect(await Promise.all([...busy, ...newcomer])).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('admits a request whole or refuses it whole, per key and in total, and frees what ends', async () => {
    const queue = createWorkQueue(limits);
    const { started, task, release } = recorder();
    const first = queue.run('a', [task('a1'), task('a2'), task('a3')]);
    expect(() => queue.run('a', [task('a4'), task('a5')])).toThrow(
      expect.objectContaining({ scope: 'key' }),
    );
    const second = queue.run('b', [task('b1'), task('b2'), task('b3')]);
    expect(() => queue.run('c', [task('c1')])).toThrow(WorkQueueFullError);
    expect(() => queue.run('c', [task('c1')])).toThrow(expect.objectContaining({ scope: 'total' }));
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(queue.stats()).toEqual({ running: 2, waiting: 4 });

    await release('a1');
    const third = queue.run('c', [task('c1')]);
    await settle();
    expect(queue.stats()).toEqual({ running: 2, waiting: 4 });
    for (const name of ['b1', 'a2', 'b2', 'a3', 'b3', 'c1']) await release(name);
    await Promise.all([...first, ...second, ...third]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the admission of a task that fails', async () => {
    const queue = createWorkQueue({ ...limits, maxAdmittedPerKey: 1 });
    const [failing] = queue.run('a', [() => Promise.reject(new Error('roto'))]);
    await expect(failing).rejects.toThrow('roto');
    const [next] = queue.run('a', [() => Promise.resolve('ok')]);
    expect(await next).toBe('ok');
  });

  it('tells its observers how long each task waited and ran, and counts refusals', async () => {
    const queue = createWorkQueue({ ...limits, concurrency: 1, maxAdmittedPerKey: 2 });
    const timings: { waitedMs: number; ranMs: number; isFailed: boolean }[] = [];
    const stop = queue.observe((timing) => timings.push(timing));
    const { task, release } = recorder();
    const [first, second] = queue.run('a', [task('a1'), task('a2')]);
    expect(() => queue.run('a', [task('a3')])).toThrow(WorkQueueFullError);
    expect(queue.refusedCount()).toBe(1);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await release('a1');
    await release('a2');
    await Promise.all([first, second]);
    expect(timings).toHaveLength(2);
    expect(timings[0]!.ranMs).toBeGreaterThanOrEqual(25);
    expect(timings[1]!.waitedMs).toBeGreaterThanOrEqual(25);
    expect(timings.every((timing) => !timing.isFailed)).toBe(true);

    const [failing] = queue.run('b', [() => Promise.reject(new Error('roto'))]);
    await expect(failing).rejects.toThrow('roto');
    expect(timings[2]).toMatchObject({ isFailed: true });
    stop();
    await queue.run('b', [() => Promise.resolve('ok')])[0];
    expect(timings).toHaveLength(3);
  });
});
