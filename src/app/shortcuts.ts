// Keyboard shortcuts: Ctrl+Shift+Alt+C clears the cache, Ctrl+Shift+Alt+R forces a reload.
// `code` rather than `key`: with Alt held, `key` is a different character on some layouts.
export type Shortcut = 'clear-cache' | 'reload';

export function shortcutOf(e: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'code'>): Shortcut | null {
  if (!(e.ctrlKey && e.shiftKey && e.altKey)) return null;
  if (e.code === 'KeyC') return 'clear-cache';
  if (e.code === 'KeyR') return 'reload';
  return null;
}
