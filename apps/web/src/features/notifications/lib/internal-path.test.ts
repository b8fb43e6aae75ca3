import { describe, expect, it } from 'vitest';
import { internalPath } from './internal-path.ts';

describe('internalPath', () => {
  it('keeps paths of this app', () => {
    expect(internalPath('/creator')).toBe('/creator');
    expect(internalPath(' /group/workbench/developerList?x=1 ')).toBe('/group/workbench/developerList?x=1');
  });

  it('refuses anything that could leave the app', () => {
    for (const link of ['', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'creator', null, undefined]) {
      expect(internalPath(link)).toBeNull();
    }
  });
});
