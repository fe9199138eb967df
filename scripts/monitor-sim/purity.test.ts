import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/decisions.md session 26: the monitor parsers are bundled into the tablet's client through
 * @vigil/shared, so they import no package at all (not @medplum/core's Hl7Message, 218 KB), only
 * shared's own modules.
 */
const dir = path.join(import.meta.dirname, '../../shared/src/monitors');

describe("shared's monitor parsers", () => {
  it('import nothing but modules of shared', () => {
    const packages = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(f))
      .flatMap((f) =>
        [...readFileSync(path.join(dir, f), 'utf8').matchAll(/from\s+'([^']+)'/g)]
          .map((m) => m[1]!)
          .filter((spec) => !spec.startsWith('.'))
          .map((spec) => `${f} → ${spec}`),
      );
    expect(packages).toEqual([]);
  });

  it('finds a package import when there is one', () => {
    expect([..."import { Hl7Message } from '@medplum/core';".matchAll(/from\s+'([^']+)'/g)].map((m) => m[1])).toEqual([
      '@medplum/core',
    ]);
  });
});
