import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';

/** onClick for plain anchors of the kit (NavItem, Tile): SPA navigation, but a real href for new tabs. */
export function useSpaLink() {
  const [, navigate] = useLocation();
  return (href: string) => (event: MouseEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
}
