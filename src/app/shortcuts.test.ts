import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const keys = { ctrlKey: true, shiftKey: true, altKey: true };

describe('keyboard shortcuts', () => {
  it('recognises Ctrl+Shift+Alt+C and Ctrl+Shift+Alt+R', () => {
    expect(shortcutOf({ ...keys, code: 'KeyC' })).toBe('clear-cache');
    expect(shortcutOf({ ...keys, code: 'KeyR' })).toBe('reload');
  });
  it('ignores the same letters without all three modifiers, and other letters', () => {
    expect(shortcutOf({ ...keys, altKey: false, code: 'KeyC' })).toBeNull();
    expect(shortcutOf({ ...keys, ctrlKey: false, code: 'KeyR' })).toBeNull();
    expect(shortcutOf({ ...keys, code: 'KeyX' })).toBeNull();
  });
});
