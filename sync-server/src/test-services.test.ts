import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openTestServices } from './test-services.test-util.js';

/*
 * Issue 36 item 7: one fixture for the unit tests that need the whole server, not a copy of the
 * temp-database set-up in each test file. Held by reading the source, as sql-boundary.test.ts does.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return /\.test(-util)?\.ts$/.test(name) ? [full] : [];
  });
}

describe('the test-services fixture (issue 36 item 7)', () => {
  it('is the only test code under sync-server/src that builds the services itself', () => {
    const builders = testFiles(SRC)
      .filter((file) => /\bbuildServices\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'));
    expect(builders).toEqual(['test-services.test-util.ts']);
  });

  it('opens the seeded services over their own directory and removes it on close', async () => {
    const { services, dataDir, close } = await openTestServices();
    expect(statSync(dataDir).isDirectory()).toBe(true);
    expect((await services.orgStore.org('demo-dental'))?.name).toBe('Demo Dental Office');
    await close();
    expect(() => statSync(dataDir)).toThrow();
  });
});
