import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version.js';

describe('isNewerVersion', () => {
  it('compares dotted versions numerically', () => {
    expect(isNewerVersion('0.94.0', '0.93.0')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.3')).toBe(true);
    expect(isNewerVersion('0.93.0', '0.93.0')).toBe(false);
    expect(isNewerVersion('0.92.9', '0.93.0')).toBe(false);
    expect(isNewerVersion('', '0.93.0')).toBe(false);
  });
});
