import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryOutboxStore } from './memory.js';
import { SqliteOutboxStore } from './sqlite.js';
import type { OutboxStore } from './types.js';

function sqlite(): OutboxStore {
  const db = openMemoryDatabase();
  return new SqliteOutboxStore(db);
}

/** Every OutboxStore implementation; a PostgreSQL one joins this list and must pass the same suite. */
const implementations: [string, () => OutboxStore][] = [
  ['memory', () => new MemoryOutboxStore()],
  ['sqlite', sqlite],
];

describe.each(implementations)('OutboxStore contract (%s)', (_, make) => {
  it('keeps every message oldest first, and lists those to one address', async () => {
    const outbox = make();
    expect(await outbox.list()).toEqual([]);
    await outbox.add({ at: 1000, channel: 'email', to: 'a@example.com', subject: 'First', body: 'one' });
    await outbox.add({ at: 2000, channel: 'sms', to: '+14155552671', subject: 'Code', body: '123456' });
    await outbox.add({ at: 3000, channel: 'email', to: 'a@example.com', subject: 'Second', body: 'two' });
    const all = await outbox.list();
    expect(all.map((m) => m.subject)).toEqual(['First', 'Code', 'Second']);
    expect(all[1]).toMatchObject({ at: 2000, channel: 'sms', to: '+14155552671', body: '123456' });
    expect(all[0]!.id).toBeLessThan(all[2]!.id);
    expect((await outbox.list('a@example.com')).map((m) => m.body)).toEqual(['one', 'two']);
    expect(await outbox.list('nobody@example.com')).toEqual([]);
  });

  it('hands out copies: changing a listed message changes nothing stored', async () => {
    const outbox = make();
    await outbox.add({ at: 1000, channel: 'email', to: 'a@example.com', subject: 'First', body: 'one' });
    (await outbox.list())[0]!.body = 'changed';
    expect((await outbox.list('a@example.com'))[0]?.body).toBe('one');
  });
});
