import { describe, expect, it } from 'vitest';
import { levelAllows } from './levels';

describe('access levels', () => {
  it('lets each label do what the weaker ones do, and more', () => {
    expect(levelAllows('none', 'read')).toBe(false);
    expect(levelAllows('view', 'read')).toBe(true);
    expect(levelAllows('view', 'create')).toBe(false);
    expect(levelAllows('executor', 'create')).toBe(false);
    expect(levelAllows('employee', 'create')).toBe(true);
    expect(levelAllows('employee', 'update')).toBe(false);
    expect(levelAllows('creator', 'update')).toBe(true);
    expect(levelAllows('creator', 'delete')).toBe(false);
    expect(levelAllows('intermediate', 'delete')).toBe(true);
    expect(levelAllows('main', 'delete')).toBe(true);
  });
});
