import { describe, expect, it } from 'vitest';
import { isLocalHost } from './service.js';

describe('webhook targets a production server refuses', () => {
  it.each([
    ['localhost', true],
    ['api.localhost', true],
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['[::1]', true],
    ['[fd00::1]', true],
    ['172.32.0.1', false],
    ['8.8.8.8', false],
    ['emr.example.com', false],
  ])('%s is local: %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });
});
