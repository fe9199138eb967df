import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryOutboxStore } from './memory.js';
import { PostgresOutboxStore } from './postgres.js';
import { SqliteOutboxStore } from './sqlite.js';
import type { OutboxStore } from './types.js';

function sqlite(): OutboxStore {
  const db = openMemoryDatabase();
  return new SqliteOutboxStore(db);
}

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function postgres(): Promise<OutboxStore> {
  const database = await freshPostgres();
  drops.push(database.drop);
  return new PostgresOutboxStore(new PostgresDatabase(database.open()));
}

/** Every OutboxStore implementation; each must pass the same suite. */
const implementations: [string, () => OutboxStore | Promise<OutboxStore>][] = [
  ['memory', () => new MemoryOutboxStore()],
  ['sqlite', sqlite],
  ['postgres', postgres],
];

describe.each(await runnableImplementations('OutboxStore contract', implementations))(
  'OutboxStore contract (%s)',
  (_, make) => {
    it('keeps every message oldest first, and lists those to one address', async () => {
      const outbox = await make();
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
      const outbox = await make();
      await outbox.add({ at: 1000, channel: 'email', to: 'a@example.com', subject: 'First', body: 'one' });
      (await outbox.list())[0]!.body = 'changed';
      expect((await outbox.list('a@example.com'))[0]?.body).toBe('one');
    });
  },
);
